import Foundation
import Synchronization

/// Rate windows kept in this process's memory: right for one process on its own SQLite file. Memory stays
/// bounded: at most `maximumKeys` keys are tracked per scope; beyond that, the scope's idle keys are forgotten
/// first, then its least recently used (a flood of keys in one scope never evicts another scope's).
public final class InMemoryRateWindows: RateWindowRecords {
    /// The most keys tracked at once in one scope.
    public let maximumKeys: Int
    private let state = Mutex<[String: [String: [TimeInterval]]]>([:])

    /// Windows for at most `maximumKeys` keys per scope.
    public init(maximumKeys: Int = 10_000) {
        self.maximumKeys = max(1, maximumKeys)
    }

    public func acquire(_ key: String, scope: String, limit: RateLimit, now: Date) -> RateDecision {
        let time = now.timeIntervalSince1970
        let window = TimeInterval(max(1, limit.windowSeconds))
        return state.withLock { scopes in
            var calls = scopes[scope] ?? [:]
            defer { scopes[scope] = calls }
            var recent = (calls[key] ?? []).filter { $0 > time - window }
            guard recent.count < max(0, limit.count) else {
                calls[key] = recent
                return .refusal(oldest: recent.first, now: time, window: window)
            }
            recent.append(time)
            calls[key] = recent
            if calls.count > maximumKeys { Self.evict(&calls, keeping: maximumKeys, after: time - window) }
            return .allowed
        }
    }

    /// How many keys are tracked, over all scopes (for tests).
    public var trackedKeys: Int { state.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    private static func evict(_ calls: inout [String: [TimeInterval]], keeping limit: Int, after cutoff: TimeInterval) {
        calls = calls.filter { ($0.value.last ?? 0) > cutoff }
        guard calls.count > limit else { return }
        let byLastUse = calls.sorted { ($0.value.last ?? 0) < ($1.value.last ?? 0) }
        for (key, _) in byLastUse.prefix(calls.count - limit) { calls[key] = nil }
    }
}
