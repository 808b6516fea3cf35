import MarksTestSupport
@testable import HTTPServer


/// Records events in order from any thread.
final class EventLog: Sendable {
    private let events = Locked<[String]>([])

    func record(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}
