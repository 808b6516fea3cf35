import Synchronization

/// A connection and the mutex that guards it, until `close`.
///
/// `@unchecked Sendable` is safe because the connection is private and only touched inside
/// `mutex.withLock`, so one thread at a time uses it; `Database` keeps callers from holding on to it.
final class ConnectionLock: @unchecked Sendable {
    private let mutex = Mutex<Void>(())
    private var connection: Connection?

    init(_ connection: Connection) {
        self.connection = connection
    }

    /// Waits for the connection, then runs `body` with it.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try mutex.withLock { _ in try body(try open()) }
    }

    /// Runs `body` with the connection if no one holds it; nil (without running) when it is busy.
    func withConnectionIfAvailable<T>(_ body: (Connection) throws -> T) throws -> T? {
        try mutex.withLockIfAvailable { _ in try body(try open()) }
    }

    /// Frees the connection's unused page cache unless someone holds it (then it is busy, not idle); true when freed.
    func releaseMemoryIfIdle() -> Bool {
        mutex.withLockIfAvailable { _ -> Bool in
            guard let connection else { return false }
            connection.releaseMemory()
            return true
        } ?? false
    }

    /// Closes the connection once whoever holds it is done. Whatever else still holds this lock (the cache release
    /// of `OpenDatabases`) then finds nothing to use, so the file is closed here, on the caller's thread.
    func close() {
        mutex.withLock { _ in connection = nil }
    }

    private func open() throws -> Connection {
        guard let connection else { throw SQLiteError.misuse("the database has been closed") }
        return connection
    }
}
