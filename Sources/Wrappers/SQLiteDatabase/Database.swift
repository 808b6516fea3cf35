import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One SQLite database file shared across tasks: one writer connection and a small pool of read-only
/// readers (WAL mode, so readers never wait for the writer and always see committed data).
///
/// The synchronous calls block the calling thread only while another caller uses the same connection; closures
/// must not suspend, keep the connection, or call back into the same `Database` (a nested `write` deadlocks).
/// From async code use `asyncRead`/`asyncWrite` (or `onReaderThread`/`onWriterThread` around a store call):
/// they run on the database's own threads — one writer, one per reader — as GRDB does, never on Swift's
/// cooperative pool.
public final class Database: Sendable {
    /// The database file.
    public let path: String
    /// How the writer was opened: a checkpoint beside it opens its own connection the same way.
    let writerOptions: Connection.Options
    let writer: ConnectionLock
    private let readers: [ConnectionLock]
    private let nextReader = Atomic<UInt>(0)
    let executors: DatabaseExecutors

    /// Opens (creating if needed) the file at `path`, applies pending `migrations` (namespace "main") on the
    /// writer, then opens `readerCount` read-only connections with `readerCaches` of page cache. `:memory:` is
    /// refused: readers could not share it.
    /// Modules sharing the file apply their own lists with `migrate(namespace:_:)`. Commits are `durability`
    /// (`.full` unless the file holds only what can be rebuilt).
    public init(
        path: String,
        migrations: [Migration] = [],
        readerCount: Int = 4,
        busyTimeout: Duration = .seconds(5),
        durability: Connection.Durability = .full,
        readerCaches: ReaderCacheSizes = .sqliteDefault
    ) throws {
        guard !path.isEmpty, path != ":memory:" else {
            throw SQLiteError.misuse("a Database needs a file (its readers open it again); use Connection for \":memory:\"")
        }
        let migrator = try Migrator(migrations)
        Self.restrictPermissions(path)
        writerOptions = Connection.Options(busyTimeout: busyTimeout, durability: durability)
        let writerConnection = try Connection(path: path, options: writerOptions)
        try migrator.migrate(writerConnection)
        self.path = path
        self.writer = ConnectionLock(writerConnection)
        self.executors = DatabaseExecutors(readerCount: max(1, readerCount))
        self.readers = try (0..<max(1, readerCount)).map { index in
            let connection = try Connection(path: path, options: .init(readOnly: true, busyTimeout: busyTimeout))
            if readerCaches != .sqliteDefault {
                try connection.execute("PRAGMA cache_size = \(-(index == 0 ? readerCaches.first : readerCaches.others) * 1_024)")
            }
            return ConnectionLock(connection)
        }
        OpenDatabases.register([writer] + readers)
    }

    /// Closes every connection here, so the file is closed when the last owner lets go, whatever else holds a
    /// connection's lock for a moment (`releaseAllCaches`).
    deinit {
        writer.close()
        for reader in readers { reader.close() }
    }

    /// Gives back the page cache of every connection no one is using at the moment (see `Connection.releaseMemory`);
    /// returns how many connections gave theirs back. The next read fills the cache again from the OS's own cache.
    @discardableResult
    public func releaseCaches() -> Int {
        ([writer] + readers).filter { $0.releaseMemoryIfIdle() }.count
    }

    /// `releaseCaches` on every `Database` this process has open: what an idle server calls once a burst of work is over.
    @discardableResult
    public static func releaseAllCaches() -> Int {
        OpenDatabases.all().filter { $0.releaseMemoryIfIdle() }.count
    }

    /// Makes the database file only its owner's: created 0600 when missing (SQLite gives its `-wal` and `-shm`
    /// files the database's mode), and an existing file and its `-wal`/`-shm` lose group and other bits. Best
    /// effort: opening reports a file that cannot be created.
    static func restrictPermissions(_ path: String) {
        let created = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if created >= 0 { close(created) }
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            if stat(file, &info) == 0, info.st_mode & 0o077 != 0 { chmod(file, info.st_mode & 0o700) }
        }
    }

    /// Applies a module's own migrations, recorded under `namespace`; returns the ids it applied.
    @discardableResult
    public func migrate(namespace: String, _ migrations: [Migration]) throws -> [Int] {
        let migrator = try Migrator(namespace: namespace, migrations)
        return try writer.withConnection { try migrator.migrate($0) }
    }

    /// Registers `function` on the writer and every reader (a store whose triggers call it registers it before its
    /// migrations run).
    public func define(_ function: ScalarFunction) throws {
        try writer.withConnection { try $0.define(function) }
        for reader in readers { try reader.withConnection { try $0.define(function) } }
    }

    /// Runs `body` on a reader inside a deferred transaction, so all its queries see one snapshot. The first free
    /// reader in order takes it, so light traffic always lands on the first one and finds its pages in that reader's
    /// cache (`ReaderCacheSizes`); when every reader is busy, callers wait on them in turn.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let work = { (connection: Connection) in try connection.transaction(.deferred) { try body(connection) } }
        for reader in readers {
            if let result = try reader.withConnectionIfAvailable(work) { return result }
        }
        let start = Int(nextReader.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(readers.count))
        return try readers[start].withConnection(work)
    }

    /// Runs `body` on the writer inside an IMMEDIATE transaction: commits when it returns, rolls back when it throws.
    @discardableResult
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection { connection in
            try connection.transaction(.immediate) { try body(connection) }
        }
    }

    /// Runs `body` on the writer with no transaction around it (VACUUM, pragmas, own transaction handling).
    ///
    /// A transaction `body` leaves open is rolled back and reported, so the writer never stays locked.
    @discardableResult
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection { connection in
            let result: T
            do {
                result = try body(connection)
            } catch {
                connection.rollBackQuietly("ROLLBACK TRANSACTION")
                throw error
            }
            guard !connection.isInTransaction else {
                connection.rollBackQuietly("ROLLBACK TRANSACTION")
                throw SQLiteError.misuse("writeWithoutTransaction left a transaction open; it was rolled back")
            }
            return result
        }
    }
}
