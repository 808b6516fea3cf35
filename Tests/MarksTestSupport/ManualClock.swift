import Foundation
import Synchronization

/// The one test clock: a time that moves only when a test moves it (`advance`) or, with `step`, by a fixed
/// amount on every read (so successive writes get distinct, ordered dates).
public final class ManualClock: Sendable {
    private let current: Mutex<Date>
    private let step: TimeInterval

    /// A clock at `start`; every read moves it on by `step` seconds (0: it stands still).
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000), step: TimeInterval = 0) {
        current = Mutex(start)
        self.step = step
    }

    /// A clock standing still at `start`.
    public convenience init(_ start: Date) {
        self.init(start: start)
    }

    /// The time now (and, with a step, the clock moves on).
    public var date: Date {
        current.withLock { value in
            defer { value = value.addingTimeInterval(step) }
            return value
        }
    }

    /// The clock as the `now` closure the code under test takes.
    public var now: @Sendable () -> Date { { [self] in date } }

    /// Moves the clock on by `seconds`.
    public func advance(_ seconds: TimeInterval = 1) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
