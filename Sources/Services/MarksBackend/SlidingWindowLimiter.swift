import Foundation
import Synchronization

/// Counts calls per key (a device id, a client address) over a sliding window: a call is allowed when
/// fewer than `limit.count` calls of that key fall in the last `limit.windowSeconds`. Time comes from
/// the injected clock. Memory stays bounded: at most `maximumKeys` keys are tracked; beyond that, idle
/// keys are forgotten first, then the least recently used.
public final class SlidingWindowLimiter: Sendable {
    /// The answer for one call.
    public enum Decision: Equatable, Sendable {
        /// The call may go ahead (and was counted).
        case allowed
        /// The call is refused; the oldest counted call leaves the window in `retryAfter` seconds (at least 1).
        case limited(retryAfter: Int)
    }

    /// The limit enforced.
    public let limit: RateLimit
    /// The most keys tracked at once.
    public let maximumKeys: Int
    private let now: @Sendable () -> Date
    private let state = Mutex<[String: [TimeInterval]]>([:])

    /// A limiter for `limit` on the clock `now`.
    public init(limit: RateLimit, maximumKeys: Int = 10_000, now: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.maximumKeys = max(1, maximumKeys)
        self.now = now
    }

    /// Counts a call of `key` when the window has room, else says how long to wait.
    public func acquire(_ key: String) -> Decision {
        let time = now().timeIntervalSince1970
        let window = TimeInterval(max(1, limit.windowSeconds))
        return state.withLock { calls in
            var recent = (calls[key] ?? []).filter { $0 > time - window }
            guard recent.count < max(0, limit.count) else {
                let oldest = recent.first ?? time
                calls[key] = recent
                return .limited(retryAfter: max(1, Int((oldest + window - time).rounded(.up))))
            }
            recent.append(time)
            calls[key] = recent
            if calls.count > maximumKeys { Self.evict(&calls, keeping: maximumKeys, after: time - window) }
            return .allowed
        }
    }

    /// How many keys are tracked (for tests).
    public var trackedKeys: Int { state.withLock { $0.count } }

    private static func evict(_ calls: inout [String: [TimeInterval]], keeping limit: Int, after cutoff: TimeInterval) {
        calls = calls.filter { ($0.value.last ?? 0) > cutoff }
        guard calls.count > limit else { return }
        let byLastUse = calls.sorted { ($0.value.last ?? 0) < ($1.value.last ?? 0) }
        for (key, _) in byLastUse.prefix(calls.count - limit) { calls[key] = nil }
    }
}
