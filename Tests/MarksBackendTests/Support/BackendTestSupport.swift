import Foundation
import Synchronization
import SQLiteDatabase
@testable import MarksBackend

/// A real SQLite database file in its own temporary directory, removed by `remove()`.
struct TemporaryDatabase {
    let directory: URL
    let database: Database

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("marks-backend-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: directory.appendingPathComponent("marks.sqlite").path)
    }

    /// Another `Database` on the same file (as a second process or a restart would open it).
    func reopen() throws -> Database {
        try Database(path: directory.appendingPathComponent("marks.sqlite").path)
    }

    func remove() {
        do { try FileManager.default.removeItem(at: directory) } catch {}
    }
}

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    var now: @Sendable () -> Date { { [self] in current.withLock { $0 } } }

    var seconds: Int64 { Int64(current.withLock { $0 }.timeIntervalSince1970) }

    func advance(_ seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Runs `body` and returns the `BackendError` it threw (nil when none).
func backendError(_ body: () throws -> Void) -> BackendError? {
    do {
        try body()
        return nil
    } catch let error as BackendError {
        return error
    } catch {
        return .storage("unexpected \(error)")
    }
}

extension Data {
    init(json: String) { self.init(json.utf8) }
}
