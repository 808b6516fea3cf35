/// At most `count` calls in any `windowSeconds` (a sliding window).
public struct RateLimit: Sendable, Equatable {
    /// Calls allowed per window.
    public var count: Int
    /// The window's length in seconds.
    public var windowSeconds: Int

    /// A limit as given.
    public init(count: Int, windowSeconds: Int) {
        self.count = count
        self.windowSeconds = windowSeconds
    }
}
