import Foundation

/// One rate limit over a store of windows: a call of a key (a device id, a client address) is allowed when fewer
/// than `limit.count` calls of that key fall in the last `limit.windowSeconds`. Time comes from the injected clock;
/// the windows from `RateWindowRecords` (memory for one process, the shared database for many workers).
public struct SlidingWindowLimiter: Sendable {
    /// The answer for one call.
    public typealias Decision = RateDecision

    /// The limit enforced.
    public let limit: RateLimit
    /// Which limit this is, within the windows' store.
    public let scope: String
    private let windows: any RateWindowRecords
    private let now: @Sendable () -> Date

    /// A limiter for `limit` named `scope`, counting in `windows`, on the clock `now`.
    public init(limit: RateLimit, scope: String, windows: any RateWindowRecords, now: @escaping @Sendable () -> Date) {
        self.limit = limit
        self.scope = scope
        self.windows = windows
        self.now = now
    }

    /// A limiter with windows of its own in memory, tracking at most `maximumKeys` keys.
    public init(limit: RateLimit, maximumKeys: Int = 10_000, now: @escaping @Sendable () -> Date) {
        self.init(limit: limit, scope: "", windows: InMemoryRateWindows(maximumKeys: maximumKeys), now: now)
    }

    /// Counts a call of `key` when the window has room, else says how long to wait; throws when the windows'
    /// store fails.
    public func acquire(_ key: String) throws(AppAPIError) -> Decision {
        try windows.acquire(key, scope: scope, limit: limit, now: now())
    }
}
