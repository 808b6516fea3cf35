/// How `AppAPIClient` retries idempotent calls: after a network failure, a timeout, a 502/503/504 or a
/// 429, with exponential backoff (a 429's `Retry-After` wins when it is not too long).
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maximumAttempts: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// Each further wait is this many times the previous one.
    public var multiplier: Int
    /// No wait is longer than this.
    public var maximumDelay: Duration
    /// A `Retry-After` longer than this is not waited for: the call fails with `rateLimited`.
    public var maximumRetryAfter: Duration

    /// A policy; by default three attempts, waiting 0.5 s then 1 s.
    public init(maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Int = 2,
                maximumDelay: Duration = .seconds(8), maximumRetryAfter: Duration = .seconds(30)) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// One attempt, no retries.
    public static let once = RetryPolicy(maximumAttempts: 1)

    /// The wait before retry number `retry` (1 for the first retry).
    public func delay(beforeRetry retry: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(1, retry) {
            delay = delay * multiplier
            if delay >= maximumDelay { return maximumDelay }
        }
        return min(delay, maximumDelay)
    }
}
