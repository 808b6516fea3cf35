import Synchronization

/// A connection and the mutex that guards it.
///
/// `@unchecked Sendable` is safe because the connection is private and only touched inside
/// `mutex.withLock`, so one thread at a time uses it; `Database` keeps callers from holding on to it.
final class ConnectionLock: @unchecked Sendable {
    private let mutex = Mutex<Void>(())
    private let connection: Connection

    init(_ connection: Connection) {
        self.connection = connection
    }

    /// Waits for the connection, then runs `body` with it.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try mutex.withLock { _ in try body(connection) }
    }

    /// Runs `body` with the connection if no one holds it; nil (without running) when it is busy.
    func withConnectionIfAvailable<T>(_ body: (Connection) throws -> T) throws -> T? {
        try mutex.withLockIfAvailable { _ in try body(connection) }
    }

    /// Frees the connection's unused page cache unless someone holds it (then it is busy, not idle); true when freed.
    func releaseMemoryIfIdle() -> Bool {
        mutex.withLockIfAvailable { _ in connection.releaseMemory() } != nil
    }
}
