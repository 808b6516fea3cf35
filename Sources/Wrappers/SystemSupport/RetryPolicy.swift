/// How a failed attempt is tried again: the one retry policy of Marks, for a job the runner re-queues (`job`, with
/// jitter, minutes apart) and for an HTTP request a client repeats (`request`, milliseconds apart, honouring
/// `Retry-After` up to `maximumRetryAfter`). The wait after `n` failed attempts is `baseDelay × multiplierⁿ⁻¹`, capped
/// at `maximumDelay`, spread by `± jitter`.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included (a job is dead-lettered, a request fails, after the last).
    public var maxAttempts: Int
    /// The wait after the first failure.
    public var baseDelay: Duration
    /// Each further wait is this many times the previous one.
    public var multiplier: Int
    /// The longest wait.
    public var maximumDelay: Duration
    /// The spread, as a fraction of the wait (0 = none, 0.2 = ± 20 %).
    public var jitter: Double
    /// A server's `Retry-After` longer than this is not waited for (requests only).
    public var maximumRetryAfter: Duration

    /// A policy.
    public init(maxAttempts: Int, baseDelay: Duration, multiplier: Int = 2, maximumDelay: Duration, jitter: Double = 0,
                maximumRetryAfter: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.multiplier = max(1, multiplier)
        self.maximumDelay = maximumDelay
        self.jitter = min(1, max(0, jitter))
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// A background job's policy; the defaults try five times over about eight minutes.
    public static func job(maxAttempts: Int = 5, baseDelay: Duration = .seconds(30), maximumDelay: Duration = .seconds(3600),
                           jitter: Double = 0.2) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, baseDelay: baseDelay, maximumDelay: maximumDelay, jitter: jitter)
    }

    /// An HTTP request's policy; by default three attempts, waiting 0.5 s then 1 s.
    public static func request(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(8),
                               maximumRetryAfter: Duration = .seconds(30)) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, baseDelay: baseDelay, maximumDelay: maximumDelay, maximumRetryAfter: maximumRetryAfter)
    }

    /// One attempt, no retries.
    public static let once = RetryPolicy.request(maxAttempts: 1)

    /// The wait, in seconds, after `attempts` failed attempts; `random` is a value in 0..<1 (the spread's draw).
    public func delay(afterAttempts attempts: Int, random: Double) -> Double {
        let exponent = max(0, attempts - 1)
        var raw = baseDelay.inSeconds
        let cap = maximumDelay.inSeconds
        for _ in 0..<exponent where raw < cap { raw *= Double(multiplier) }
        let spread = 1 - jitter + 2 * jitter * min(1, max(0, random))
        return max(0, min(raw, cap) * spread)
    }

    /// The wait before retry number `retry` (1 for the first retry), without the spread.
    public func delay(beforeRetry retry: Int) -> Duration {
        .nanoseconds(Int64((delay(afterAttempts: retry, random: 0.5) * 1e9).rounded()))  // 0.5: the spread's middle, none
    }
}
