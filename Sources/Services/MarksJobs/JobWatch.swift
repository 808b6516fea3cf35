/// A running subscription to another process's job changes (see `JobRecords.watchChanges`); `stop()` ends it.
public struct JobWatch: Sendable {
    private let end: @Sendable () -> Void

    /// A watch ended by `stop`.
    public init(stop: @escaping @Sendable () -> Void) {
        end = stop
    }

    /// Ends the subscription.
    public func stop() {
        end()
    }
}
