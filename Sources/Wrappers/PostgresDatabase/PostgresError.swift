import CPostgres

/// A failure reported by PostgreSQL or libpq (or refused by this wrapper before reaching the server).
///
/// Carries the SQLSTATE, the server's primary message, the constraint involved and the SQL text. Bound values
/// and the server's DETAIL line (which quotes row values, e.g. the duplicate key) are never included: they may be
/// secrets. A connection error never includes the password.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed.
    public enum Kind: Sendable, Equatable {
        /// No connection was made: a malformed URL, a refused or unreachable server, failed authentication.
        case connection
        /// The server refused or failed a statement; the connection is still usable.
        case query
        /// The connection broke while a statement ran (server stopped, network): open a new one.
        case connectionLost
        /// Refused by this wrapper before reaching the server (a NUL in the SQL or a text parameter, COPY, …).
        case misuse
    }

    /// What failed.
    public let kind: Kind
    /// The five-character SQLSTATE from the server (e.g. `23505`), or nil when libpq itself failed.
    public let sqlState: String?
    /// The server's (or libpq's) primary message, on one line.
    public let message: String
    /// The constraint that failed, when the server names one.
    public let constraint: String?
    /// The SQL text that failed, when there was one.
    public let sql: String?

    /// Creates an error (tests and fakes; the connection builds its own).
    public init(kind: Kind, message: String, sqlState: String? = nil, constraint: String? = nil, sql: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.constraint = constraint
        self.sql = sql
    }

    /// SQLSTATE 23505: a UNIQUE or PRIMARY KEY constraint failed.
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// SQLSTATE 23503: a FOREIGN KEY constraint failed.
    public var isForeignKeyViolation: Bool { sqlState == "23503" }
    /// SQLSTATE 40001: a serializable (or repeatable read) transaction lost a race; run it again.
    public var isSerializationFailure: Bool { sqlState == "40001" }
    /// SQLSTATE 40P01: the server broke a deadlock by failing this transaction; run it again.
    public var isDeadlock: Bool { sqlState == "40P01" }
    /// True when running the whole transaction again may succeed (a serialization failure or a deadlock).
    public var isRetryable: Bool { isSerializationFailure || isDeadlock }

    /// A readable one-line message: what failed, the SQLSTATE, the message and the (shortened) SQL.
    public var description: String {
        var text: String
        switch kind {
        case .connection: text = "could not connect to PostgreSQL"
        case .query: text = "PostgreSQL error"
        case .connectionLost: text = "the PostgreSQL connection was lost"
        case .misuse: text = "PostgreSQL call refused"
        }
        if let sqlState { text += " \(sqlState)" }
        text += ": \(message)"
        if let constraint { text += " (constraint \(constraint))" }
        if let sql {
            let limit = 500
            let shown = sql.count > limit ? String(sql.prefix(limit)) + "…" : sql
            text += " — SQL: \(shown)"
        }
        return text
    }
}

extension PostgresError {
    /// The error of a failed result (or of the connection when there is no result).
    init(result: OpaquePointer?, connection: OpaquePointer, sql: String?) {
        let lost = PQstatus(connection) == CONNECTION_BAD
        guard let result else {
            self.init(kind: lost ? .connectionLost : .query, message: Self.clean(PQerrorMessage(connection)), sql: sql)
            return
        }
        let field = { (code: Int32) in PQresultErrorField(result, code).map { String(cString: $0) } }
        let message = field(cpostgres_diag_message_primary()) ?? Self.clean(PQresultErrorMessage(result))
        self.init(
            kind: lost ? .connectionLost : .query, message: message.isEmpty ? Self.clean(PQerrorMessage(connection)) : message,
            sqlState: field(cpostgres_diag_sqlstate()), constraint: field(cpostgres_diag_constraint_name()), sql: sql)
    }

    /// A misuse this wrapper refuses before the server sees it.
    static func misuse(_ message: String, sql: String? = nil) -> PostgresError {
        PostgresError(kind: .misuse, message: message, sql: sql)
    }

    /// libpq's multi-line message on one line ("…failed: Connection refused. Is the server running…?"), without its
    /// `ERROR:` / `FATAL:` prefix; of a server message only the first line (its DETAIL and HINT lines may quote values).
    static func clean(_ raw: UnsafePointer<CChar>?) -> String {
        guard let raw else { return "no message from libpq" }
        var text = String(cString: raw)
        for prefix in ["ERROR:  ", "FATAL:  "] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count).prefix { $0 != "\n" })
        }
        let lines = text.split(separator: "\n").map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        }.filter { !$0.isEmpty }
        guard let last = lines.last else { return "no message from libpq" }
        let ended = lines.dropLast().map { line in line.last.map { ".?!:;".contains($0) } == true ? line : line + "." }
        return (ended + [last]).joined(separator: " ")
    }
}
