import Foundation
import Synchronization

/// A clock that starts at a fixed instant and moves one millisecond forward on every reading, so stored dates
/// are distinct and predictable.
final class APIClock: Sendable {
    private let current: Mutex<Date>

    init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {  // 2026-01-01T00:00:00Z
        current = Mutex(start)
    }

    /// The next instant.
    func now() -> Date {
        current.withLock { date in
            date = date.addingTimeInterval(0.001)
            return date
        }
    }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
