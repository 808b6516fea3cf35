import Foundation

/// How often and how soon a failed podcast request is tried again: exponential backoff from `baseDelay`,
/// capped at `maximumDelay`, at most `maximumAttempts` hand-outs; a claim older than `claimLease` was abandoned.
public struct PodcastRetryPolicy: Sendable, Equatable {
    public var maximumAttempts: Int
    public var baseDelay: TimeInterval
    public var maximumDelay: TimeInterval
    public var claimLease: TimeInterval

    /// A policy; the defaults try five times over about eight minutes and free a claim after 30 minutes.
    public init(maximumAttempts: Int = 5, baseDelay: TimeInterval = 30, maximumDelay: TimeInterval = 3600,
                claimLease: TimeInterval = 1800) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.claimLease = max(0, claimLease)
    }

    /// The wait after the `attempts`-th failed hand-out: base · 2^(attempts−1), capped.
    public func delay(afterAttempts attempts: Int) -> TimeInterval {
        let exponent = min(max(attempts - 1, 0), 40)
        return min(maximumDelay, baseDelay * pow(2, Double(exponent)))
    }
}
