import Foundation

/// Sliding windows of calls per key (a device id, a client address) and scope (which limit: `register`,
/// `enrich`…): `InMemoryRateWindows` in the process (one process on one SQLite file), `PostgresRateWindows` in the
/// shared database, so the limits hold across all workers together rather than per worker.
public protocol RateWindowRecords: Sendable {
    /// Counts a call of `key` in `scope` at `now` when fewer than `limit.count` of its calls fall in the
    /// `limit.windowSeconds` (at least 1) before it; a refused call is not counted.
    func acquire(_ key: String, scope: String, limit: RateLimit, now: Date) throws(AppAPIError) -> RateDecision
}
