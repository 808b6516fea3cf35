import CPostgres

/// One PostgreSQL connection (libpq's `PGconn`), closed in `deinit`.
///
/// Every call blocks its thread until the server answers (or the connect timeout passes): run them on a thread
/// of their own, never on Swift concurrency's cooperative pool. Not Sendable: a connection belongs to one thread;
/// open one per thread. libpq's notices (such as "relation already exists, skipping") are dropped, not printed.
public final class PostgresConnection {
    /// The most parameters one statement takes (the protocol counts them in 16 bits).
    public static let maximumParameters = 65_535

    let handle: OpaquePointer
    var savepointDepth = 0

    /// Opens a connection from a `postgres://` (or `postgresql://`) URL, a `key=value` conninfo string, or a bare
    /// database name (libpq's defaults and `PG*` environment variables fill in the rest).
    ///
    /// `connectTimeout` (whole seconds, at least 2, as libpq counts them) applies unless the URL sets
    /// `connect_timeout`. A statement the server runs longer than `statementTimeout` is cancelled by it (SQLSTATE
    /// 57014, a `.query` error); a server or network that stops answering altogether breaks the connection after
    /// about 30 s (`tcp_user_timeout` and TCP keepalives), so no thread waits on a dead database for ever. The URL
    /// may set any of these itself. The client encoding is always UTF-8. Throws a `.connection` error whose
    /// message never includes the password.
    public init(url: String, connectTimeout: Duration = .seconds(10), statementTimeout: Duration = .seconds(60)) throws(PostgresError) {
        guard !url.isEmpty else {
            throw PostgresError(kind: .connection, message: "the database URL is empty")
        }
        guard !url.utf8.contains(0) else {
            throw PostgresError(kind: .connection, message: "the database URL contains a NUL byte")
        }
        let (seconds, attoseconds) = connectTimeout.components
        let timeout = max(2, min(Int64(Int32.max), seconds + (attoseconds > 0 ? 1 : 0)))
        // Later keywords override what the URL (expanded from `dbname`) sets: the URL may choose its own timeout,
        // but not the encoding this wrapper decodes with.
        let statementMilliseconds = max(1, statementTimeout.components.seconds * 1000 + statementTimeout.components.attoseconds / 1_000_000_000_000_000)
        let keywords = ["connect_timeout", "options", "tcp_user_timeout", "keepalives_idle", "keepalives_interval", "keepalives_count",
                        "fallback_application_name", "dbname", "client_encoding"]
        let values = [String(timeout), "-c statement_timeout=\(statementMilliseconds)", "30000", "10", "5", "3", "marks", url, "UTF8"]
        let opened = CStringList(keywords).withPointers { keywords in
            CStringList(values).withPointers { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let opened else {
            throw PostgresError(kind: .connection, message: "libpq could not allocate a connection")
        }
        guard PQstatus(opened) == CONNECTION_OK else {
            let secrets = ConnectionSecrets(url: url, password: PQpass(opened))
            let message = secrets.scrub(PostgresError.clean(PQerrorMessage(opened)))
            PQfinish(opened)
            throw PostgresError(kind: .connection, message: message)
        }
        PQsetNoticeProcessor(opened, { _, _ in }, nil)
        handle = opened
    }

    deinit {
        PQfinish(handle)
    }

    /// The database this connection opened.
    public var databaseName: String { PQdb(handle).map { String(cString: $0) } ?? "" }

    /// The server's version as one number, e.g. 150018 for 15.18.
    public var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// The process id of the server backend serving this connection (the sender id of its notifications).
    public var backendPID: Int { Int(PQbackendPID(handle)) }

    /// False once the connection has broken (after a `.connectionLost` error).
    public var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Reads what the server sent while the connection was idle, without waiting: false when the server closed it
    /// meanwhile (it restarted, or ended this backend), so a pool can open another instead of failing a request.
    public func stillConnected() -> Bool {
        guard PQstatus(handle) == CONNECTION_OK, !isBusy else { return isConnected }
        // A backend ended by the server sends its FATAL message, then closes: the first read takes the message, the
        // second finds the end of the stream.
        for _ in 0..<2 where PQconsumeInput(handle) != 1 || PQstatus(handle) != CONNECTION_OK {
            return false
        }
        return true
    }

    private var isBusy: Bool { PQisBusy(handle) == 1 }

    /// Runs one statement with `$1`, `$2`… parameters and returns the number of rows it inserted, updated or
    /// deleted (0 for other statements). Parameters are always data, never SQL.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> Int {
        try run(sql, parameters) { result in Int(String(cString: PQcmdTuples(result))) ?? 0 }
    }

    /// Runs one query with `$1`, `$2`… parameters and returns every row.
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> [PostgresRow] {
        try run(sql, parameters, Self.rows)
    }

    /// Runs one query with `$1`, `$2`… parameters and returns its first row, or nil when there is none.
    public func queryOne(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresRow? {
        try query(sql, parameters).first
    }

    /// Runs one or more `;`-separated statements with no parameters (schema scripts). Outside a transaction
    /// the script runs as one implicit transaction.
    public func executeScript(_ sql: String) throws(PostgresError) {
        guard !sql.utf8.contains(0) else {
            throw .misuse("the SQL text contains a NUL byte; bind values as parameters instead", sql: sql)
        }
        try finish(PQexec(handle, sql), sql: sql) { _ in }
    }

    private func run<T>(_ sql: String, _ parameters: [PostgresValue], _ read: (OpaquePointer) -> T) throws(PostgresError) -> T {
        guard !sql.utf8.contains(0) else {
            throw .misuse("the SQL text contains a NUL byte; bind values as parameters instead", sql: sql)
        }
        guard parameters.count <= Self.maximumParameters else {
            throw .misuse("\(parameters.count) parameters given; a statement takes at most \(Self.maximumParameters)", sql: sql)
        }
        var types: [Oid] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        defer { buffers.forEach { $0?.deallocate() } }
        for (offset, parameter) in parameters.enumerated() {
            if case .text(let string) = parameter, string.utf8.contains(0) {
                throw .misuse(
                    "parameter $\(offset + 1) holds a NUL character, which PostgreSQL text cannot store; bind it as bytes",
                    sql: sql)
            }
            let wire = parameter.wireParameter
            types.append(wire.type)
            formats.append(wire.binary ? 1 : 0)
            guard let bytes = wire.bytes else {
                buffers.append(nil)
                lengths.append(0)
                continue
            }
            guard bytes.count < Int32.max else {
                throw .misuse("parameter $\(offset + 1) is \(bytes.count) bytes, over libpq's limit", sql: sql)
            }
            buffers.append(CStringList.copy(bytes))
            lengths.append(Int32(bytes.count))
        }
        let values = buffers.map { $0.map { UnsafePointer($0) } }
        let result = PQexecParams(handle, sql, Int32(parameters.count), types, values, lengths, formats, 0)
        return try finish(result, sql: sql, read)
    }

    /// Checks a result, reads it and frees it.
    private func finish<T>(_ result: OpaquePointer?, sql: String, _ read: (OpaquePointer) -> T) throws(PostgresError) -> T {
        guard let result else {
            throw PostgresError(result: nil, connection: handle, sql: sql)
        }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return read(result)
        case PGRES_EMPTY_QUERY:
            throw .misuse("the SQL text holds no statement", sql: sql)
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            abandonCopy(status)
            throw .misuse("COPY FROM STDIN and COPY TO STDOUT are not supported; the COPY was abandoned", sql: sql)
        default:
            throw PostgresError(result: result, connection: handle, sql: sql)
        }
    }

    /// Ends a COPY the caller started so the connection can take the next statement.
    private func abandonCopy(_ status: ExecStatusType) {
        if status == PGRES_COPY_IN {
            PQputCopyEnd(handle, "COPY FROM STDIN is not supported by this client")
        } else if status == PGRES_COPY_OUT {
            var buffer: UnsafeMutablePointer<CChar>?
            while PQgetCopyData(handle, &buffer, 0) > 0 {
                PQfreemem(buffer)
                buffer = nil
            }
        }
        while let pending = PQgetResult(handle) {
            PQclear(pending)
        }
    }

    /// Every row of a result, copied out.
    private static func rows(_ result: OpaquePointer) -> [PostgresRow] {
        let columns = PQnfields(result)
        let count = PQntuples(result)
        let names = (0..<columns).map { column in
            PQfname(result, column).map { String(cString: $0) } ?? "column\(column + 1)"
        }
        let types = (0..<columns).map { PQftype(result, $0) }
        return (0..<count).map { row in
            PostgresRow(columnNames: names, values: (0..<columns).map { column in
                guard PQgetisnull(result, row, column) == 0, let pointer = PQgetvalue(result, row, column) else {
                    return .null
                }
                let length = Int(PQgetlength(result, row, column))
                return UnsafeRawPointer(pointer).withMemoryRebound(to: UInt8.self, capacity: length) { start in
                    PostgresValue(wire: UnsafeBufferPointer(start: start, count: length), type: types[Int(column)])
                }
            })
        }
    }
}

@available(*, unavailable, message: "A PostgresConnection belongs to one thread; open one per thread.")
extension PostgresConnection: Sendable {}
