import Dispatch
import Synchronization
import SystemSupport

/// A small pool of connections to one database, shared by a process's threads: a caller takes a free
/// connection (waiting while all are in use), runs its statements on its own thread, and gives it back. So each
/// connection is used by one thread at a time, and at most `size` are open. Connections open on first use; one
/// that broke (`.connectionLost`, or left inside a transaction) is closed, and the next use opens a new one; one the
/// server closed while it rested (a restart) is noticed before it is handed out, and replaced.
///
/// The synchronous calls block their thread for a round trip to the server: call them from dedicated threads
/// (the HTTP server's request threads, the job runner's), never from Swift's cooperative pool. Async code uses
/// `run`, which hops to the pool's own threads (a `WorkerPool`, one per connection).
public final class PostgresPool: Sendable {
    /// Connections the pool opens at most.
    public let size: Int
    private let url: String
    private let connectTimeout: Duration
    private let idle = Mutex<[PooledConnection]>([])
    private let free: DispatchSemaphore
    private let name: String
    private let threads = Mutex<WorkerPool?>(nil)

    /// A pool of at most `size` connections to `url` (see `PostgresConnection.init(url:connectTimeout:)`). Nothing
    /// is opened yet: call `check()` to find out now whether the database answers.
    public init(url: String, size: Int = 4, connectTimeout: Duration = .seconds(10), name: String = "postgres") {
        self.url = url
        self.size = max(1, size)
        self.connectTimeout = connectTimeout
        free = DispatchSemaphore(value: self.size)
        self.name = name
    }

    /// Runs `body` with a connection of its own; the connection goes back to the pool afterwards (or is closed,
    /// when it broke or `body` left a transaction open).
    @discardableResult
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        free.wait()
        defer { free.signal() }
        let reused = idle.withLock { $0.popLast() }.flatMap { $0.connection.stillConnected() ? $0 : nil }
        let pooled = try reused ?? PooledConnection(PostgresConnection(url: url, connectTimeout: connectTimeout))
        let connection = pooled.connection
        defer {
            if connection.isConnected && !connection.isInTransaction {
                idle.withLock { $0.append(pooled) }
            }
        }
        return try body(connection)
    }

    /// Runs `body` in a transaction on a pooled connection: commits when it returns, rolls back when it throws.
    @discardableResult
    public func transaction<T>(_ isolation: PostgresIsolationLevel? = nil, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in
            try connection.transaction(isolation) { try body(connection) }
        }
    }

    /// `withConnection` on one of the pool's own threads (made on first use, one per connection), for async
    /// callers: the task waits without holding a thread.
    public func run<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) throws -> T) async throws -> T {
        let threads = self.threads.withLock { threads in
            if let threads { return threads }
            let made = WorkerPool(name: name, threads: size)
            threads = made
            return made
        }
        return try await threads.run { try self.withConnection(body) }
    }

    /// Asks the server for its version: throws the connection's error when the database does not answer.
    @discardableResult
    public func check() throws -> Int {
        try withConnection { connection in
            try connection.execute("SELECT 1")
            return connection.serverVersion
        }
    }

    /// Applies `migrations` under `namespace` (safe while other processes do the same; see `PostgresMigrator`).
    @discardableResult
    public func migrate(namespace: String, _ migrations: [PostgresMigration]) throws -> [Int] {
        let migrator = try PostgresMigrator(namespace: namespace, migrations)
        return try withConnection { try migrator.migrate($0) }
    }

    /// A connection that is not part of the pool (a listener's, which waits on its socket for a long time).
    public func dedicatedConnection() throws(PostgresError) -> PostgresConnection {
        try PostgresConnection(url: url, connectTimeout: connectTimeout)
    }
}

/// A connection resting in the pool.
///
/// `@unchecked Sendable`: a connection is only ever in the idle list or in the hands of the one thread that took it
/// out (under the pool's mutex), so no two threads use it at once.
private final class PooledConnection: @unchecked Sendable {
    let connection: PostgresConnection

    init(_ connection: PostgresConnection) {
        self.connection = connection
    }
}
