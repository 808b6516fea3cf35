import Foundation

/// The runner's time: what time it is, and a way to wait until a moment. Live code uses the system clock;
/// tests pass a clock they move by hand, so no test sleeps.
public struct JobClock: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// Returns at `deadline` (or later); throws `CancellationError` when the waiting task is cancelled.
    public var sleep: @Sendable (_ until: Date) async throws -> Void

    /// A clock made of these two closures.
    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (_ until: Date) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock (`Task.sleep`).
    public static let system = JobClock(now: { Date() }, sleep: { deadline in
        let seconds = deadline.timeIntervalSinceNow
        if seconds > 0 { try await Task.sleep(for: .milliseconds(Int64(min(seconds, 86_400) * 1000) + 1)) }
    })
}
