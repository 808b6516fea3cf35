import Foundation
import SQLiteDatabase

/// Runs `body` with a fresh directory under the system temp dir, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = try makeTemporaryDirectory()
    defer { removeDirectory(path) }
    return try body(path)
}

/// Async variant of `withTemporaryDirectory`.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = try makeTemporaryDirectory()
    defer { removeDirectory(path) }
    return try await body(path)
}

/// Runs `body` with a connection to a new database file in a fresh temp dir.
func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    try withTemporaryDirectory { dir throws in
        let connection = try Connection(path: dir + "/test.sqlite")
        return try body(connection)
    }
}

private func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "sqlite-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func removeDirectory(_ path: String) {
    do {
        try FileManager.default.removeItem(atPath: path)
    } catch {
        // A leftover temp dir is harmless; the test result is what matters.
    }
}

/// How many of this process's open file descriptors point into `directory`.
///
/// Counting only our own directory keeps the number exact while other tests run in parallel.
func openFileCount(in directory: String) throws -> Int {
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    var count = 0
    for fd in descriptors {
        let target: String
        do {
            target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd)
        } catch {
            continue // closed by another test between listing and reading: not ours
        }
        if target.hasPrefix(resolved + "/") || target.hasPrefix(directory + "/") {
            count += 1
        }
    }
    return count
}

/// Creates a table `t(v)` with no declared type, so SQLite stores every value as given.
func makeValueTable(_ connection: Connection) throws {
    try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
}
