import Foundation

/// Thrown by a handler that cannot do its work yet and is not failing: the job goes back to the queue until
/// `until`, its attempt is not counted, and `reason` is shown as its state ("3 requests wait for a consumer").
public struct JobPostponed: Error, Sendable, Equatable {
    /// When to try again.
    public var until: Date
    /// Why it waits, for `marks jobs`.
    public var reason: String

    /// A postponement until `until`, saying why.
    public init(until: Date, reason: String) {
        self.until = until
        self.reason = reason
    }
}
