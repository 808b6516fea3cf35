/// The answer a rate limit gives one call.
public enum RateDecision: Equatable, Sendable {
    /// The call may go ahead (and was counted).
    case allowed
    /// The call is refused; the oldest counted call leaves the window in `retryAfter` seconds (at least 1).
    case limited(retryAfter: Int)

    /// The decision for a call at `now` (seconds) when the window holds `recent` calls, the oldest at `oldest`.
    static func refusal(oldest: Double?, now: Double, window: Double) -> RateDecision {
        let start = oldest ?? now
        return .limited(retryAfter: max(1, Int((start + window - now).rounded(.up))))
    }
}
