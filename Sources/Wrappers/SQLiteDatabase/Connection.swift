import CSQLite

/// One SQLite connection: opens the file in WAL mode with foreign keys on, and closes it in `deinit`.
///
/// Not Sendable: use it from one task at a time. Other modules hold a `Database`, which lends its
/// connections out inside `read`/`write` closures; never let a connection escape such a closure.
public final class Connection {
    /// How a connection is opened.
    public struct Options: Sendable {
        /// Open read-only (`SQLITE_OPEN_READONLY`): every write fails with `SQLITE_READONLY`.
        public var readOnly: Bool
        /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeout: Duration
        /// Whether a commit survives power loss once it returns.
        public var durability: Durability

        /// Read-write, durable, with a 5 second busy timeout unless told otherwise.
        public init(readOnly: Bool = false, busyTimeout: Duration = .seconds(5), durability: Durability = .full) {
            self.readOnly = readOnly
            self.busyTimeout = busyTimeout
            self.durability = durability
        }
    }

    /// What a returned commit promises (SQLite's `synchronous` in WAL mode).
    public enum Durability: Sendable {
        /// `synchronous = FULL`: the WAL is synced at every commit, so a commit that returned survives power loss.
        /// For data a client was told is saved.
        case full
        /// `synchronous = NORMAL`: the WAL is synced at checkpoints only; a power loss can drop the last commits
        /// (never corrupts). For derived data that is rebuilt from a durable store, such as the search index.
        case normal
    }

    /// The file this connection opened (or `:memory:`).
    public let path: String
    /// True when opened read-only.
    public let isReadOnly: Bool
    let handle: OpaquePointer
    var savepointDepth = 0
    /// `withStatement(cached:)`'s statements by SQL text.
    private var statementCache: [String: Statement] = [:]
    /// The most statements one connection keeps compiled (a hot path has a handful).
    public static let statementCacheLimit = 24

    /// Opens (creating if needed, unless read-only) the database at `path`; `:memory:` for a private in-memory one.
    public init(path: String, options: Options = Options()) throws {
        guard !path.utf8.contains(0) else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "the database path contains a NUL byte")
        }
        _ = Self.libraryConfigured
        // NOMUTEX: a connection is used by one thread at a time (a `Database` lends it under its `ConnectionLock`),
        // so SQLite's own lock around every call on it is never needed.
        let flags = (options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "SQLite could not allocate a connection for \(path)")
        }
        do {
            guard result == SQLITE_OK else {
                let error = SQLiteError(handle: opened, resultCode: result, sql: nil)
                throw SQLiteError(
                    code: error.code, extendedCode: error.extendedCode,
                    message: "\(error.message) (path: \(path))")
            }
            try Self.configure(opened, options: options)
        } catch {
            sqlite3_close_v2(opened)
            throw error
        }
        self.handle = opened
        self.path = path
        self.isReadOnly = options.readOnly
    }

    deinit {
        statementCache.removeAll()  // finalized before the connection closes: they do not keep it open
        sqlite3_close_v2(handle)
    }

    /// Process-wide settings made once, before the first connection opens: no memory statistics (see the shim).
    private static let libraryConfigured: Void = {
        _ = csqlite_disable_memory_statistics()
    }()

    private static func configure(_ handle: OpaquePointer, options: Options) throws {
        sqlite3_extended_result_codes(handle, 1)
        let (seconds, attoseconds) = options.busyTimeout.components
        let milliseconds = max(0, min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        sqlite3_busy_timeout(handle, Int32(milliseconds))
        let synchronous = options.durability == .full ? "FULL" : "NORMAL"
        var script = "PRAGMA foreign_keys = ON; PRAGMA synchronous = \(synchronous);"
        if !options.readOnly {
            script = "PRAGMA journal_mode = WAL; " + script
        }
        try exec(handle, script)
    }

    /// Runs one or more `;`-separated statements with no parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws {
        try Self.exec(handle, sql)
    }

    /// Compiles a single SQL statement.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Runs `body` with this connection's own compiled copy of `sql`: compiled on first use and kept while the
    /// connection lives, for the statements a hot path runs on every request — compiling one costs about as much as
    /// running it. At most `statementCacheLimit` are kept: a new one then takes the place of one at random, so the
    /// statements in use keep their places. Reset, with its bindings cleared, when `body` returns; it must not
    /// escape `body`. A nested use of the same SQL gets a copy of its own.
    public func withStatement<T>(cached sql: String, _ body: (Statement) throws -> T) throws -> T {
        let statement = try statementCache.removeValue(forKey: sql)
            ?? Statement(connection: self, sql: sql, keepingConnectionOpen: false)
        defer {
            statement.reset()
            statement.clearBindings()
            if statementCache.count >= Self.statementCacheLimit { statementCache.remove(at: statementCache.startIndex) }
            statementCache[sql] = statement
        }
        return try body(statement)
    }

    /// `query` with the statement compiled once per connection (`withStatement(cached:)`).
    public func query(cached sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        try withStatement(cached: sql) { statement in
            try statement.bind(arguments)
            return try statement.rows()
        }
    }

    /// The first column of every row as an integer (a NULL reads as 0), with the statement compiled once per
    /// connection: a query of ids, without a `Row` per id.
    public func integers(cached sql: String, _ arguments: [SQLValue] = []) throws -> [Int] {
        try withStatement(cached: sql) { statement in
            try statement.bind(arguments)
            var values: [Int] = []
            while let value = try statement.nextInteger() { values.append(Int(value)) }
            return values
        }
    }

    /// `queryOne` with the statement compiled once per connection (`withStatement(cached:)`).
    public func queryOne(cached sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try withStatement(cached: sql) { statement in
            try statement.bind(arguments)
            return try statement.step()
        }
    }

    /// Runs one statement with positional (`?`, `?1`) arguments and returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.run()
    }

    /// Runs one statement with named (`:name`) arguments and returns the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ arguments: [String: SQLValue]) throws -> Int {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.run()
    }

    /// Runs a query with positional arguments and returns every row.
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.rows()
    }

    /// Runs a query with named arguments and returns every row.
    public func query(_ sql: String, _ arguments: [String: SQLValue]) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.rows()
    }

    /// Runs a query with positional arguments and returns its first row, or nil when there is none.
    public func queryOne(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.step()
    }

    /// Runs a query with named arguments and returns its first row, or nil when there is none.
    public func queryOne(_ sql: String, _ arguments: [String: SQLValue]) throws -> Row? {
        let statement = try prepare(sql)
        try statement.bind(arguments)
        return try statement.step()
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Rows changed since the connection opened.
    public var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    static func exec(_ handle: OpaquePointer, _ sql: String) throws {
        guard !sql.utf8.contains(0) else {
            throw SQLiteError.misuse("SQL text contains a NUL byte; bind values as parameters instead", sql: sql)
        }
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            let error = SQLiteError(handle: handle, resultCode: result, sql: sql)
            throw SQLiteError(
                code: error.code, extendedCode: error.extendedCode,
                message: message.map { String(cString: $0) } ?? error.message, sql: sql)
        }
    }
}

@available(*, unavailable, message: "A Connection belongs to one task; share a Database instead.")
extension Connection: Sendable {}
