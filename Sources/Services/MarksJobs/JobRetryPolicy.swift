/// How often a kind's job is tried and how long it waits between tries: exponential backoff from `baseDelay`
/// (doubling per failed attempt, at most `maximumDelay`), spread by ± `jitter` of itself with the runner's
/// random source so failing jobs do not retry in step.
public struct JobRetryPolicy: Sendable, Equatable {
    /// Attempts before the job is dead-lettered (`failed`).
    public var maxAttempts: Int
    /// The wait after the first failure.
    public var baseDelay: Duration
    /// The longest wait.
    public var maximumDelay: Duration
    /// The spread, as a fraction of the delay (0 = none, 0.2 = ± 20 %).
    public var jitter: Double

    /// A policy; the defaults try five times over about eight minutes.
    public init(maxAttempts: Int = 5, baseDelay: Duration = .seconds(30), maximumDelay: Duration = .seconds(3600),
                jitter: Double = 0.2) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.jitter = min(1, max(0, jitter))
    }

    /// The wait, in seconds, after `attempts` failed attempts; `random` is a value in 0..<1 from the runner.
    public func delay(afterAttempts attempts: Int, random: Double) -> Double {
        let base = Self.seconds(baseDelay)
        let exponent = Double(max(0, attempts - 1))
        let raw = min(Self.seconds(maximumDelay), base * pow2(exponent))
        let spread = 1 - jitter + 2 * jitter * min(1, max(0, random))
        return max(0, raw * spread)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    private func pow2(_ exponent: Double) -> Double {
        exponent >= 60 ? Double.greatestFiniteMagnitude : Double(UInt64(1) << UInt64(exponent))
    }
}
