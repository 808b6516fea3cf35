import MarksTestSupport
import Foundation
import Synchronization
import SQLiteDatabase
@testable import MarksAppAPI

/// A real SQLite database file in its own temporary directory, removed by `remove()`.
struct TemporaryDatabase {
    let directory: URL
    let database: Database

    init() throws {
        directory = TemporaryDirectory.reserve(prefix: "marks-backend")
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

extension ManualClock {
    /// The time now in whole seconds since 1970 (token claims).
    var seconds: Int64 { Int64(date.timeIntervalSince1970) }
}

/// Runs `body` and returns the `AppAPIError` it threw (nil when none).
func backendError(_ body: () throws -> Void) -> AppAPIError? {
    do {
        try body()
        return nil
    } catch let error as AppAPIError {
        return error
    } catch {
        return .storage("unexpected \(error)")
    }
}

extension Data {
    init(json: String) { self.init(json.utf8) }
}
