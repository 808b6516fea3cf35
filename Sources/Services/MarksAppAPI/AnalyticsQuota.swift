/// How much analytics one device may store within a sliding window.
public struct AnalyticsQuota: Sendable, Equatable {
    /// Events per window.
    public var events: Int
    /// Bytes (UTF-8 of names and property objects) per window.
    public var bytes: Int
    /// The window's length.
    public var windowSeconds: Int

    public init(events: Int, bytes: Int, windowSeconds: Int) {
        self.events = events
        self.bytes = bytes
        self.windowSeconds = windowSeconds
    }
}
