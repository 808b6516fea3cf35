import CSQLite

/// A failure reported by SQLite (or refused by this wrapper before reaching SQLite).
///
/// Carries the result codes, SQLite's message and the SQL text that failed. Bound values are never
/// included: they may be secrets.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The primary result code, e.g. 19 (`SQLITE_CONSTRAINT`).
    public let code: Int32
    /// The extended result code, e.g. 2067 (`SQLITE_CONSTRAINT_UNIQUE`); equals `code` when there is none.
    public let extendedCode: Int32
    /// SQLite's message, e.g. "UNIQUE constraint failed: tags.name".
    public let message: String
    /// The SQL text that failed, when there was one.
    public let sql: String?

    /// Creates an error; `extendedCode` defaults to `code`.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// SQLite's short English text for the result code, e.g. "constraint failed".
    public var codeDescription: String {
        String(cString: sqlite3_errstr(extendedCode))
    }

    /// True when a NOT NULL, UNIQUE, CHECK, PRIMARY KEY or FOREIGN KEY constraint failed.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    /// True when the database stayed locked by another connection for longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// A readable one-line message: codes, SQLite's message and the (shortened) SQL.
    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += "/\(extendedCode)" }
        text += " (\(codeDescription)): \(message)"
        if let sql {
            let limit = 500
            let shown = sql.count > limit ? String(sql.prefix(limit)) + "…" : sql
            text += " — SQL: \(shown)"
        }
        return text
    }
}

extension SQLiteError {
    /// The error SQLite recorded on a connection after `resultCode` came back.
    init(handle: OpaquePointer?, resultCode: Int32, sql: String?) {
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? resultCode
        // The connection's code can be stale when a call fails before touching it: prefer the returned one.
        let useConnection = extended & 0xFF == resultCode & 0xFF
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(resultCode))
        self.init(
            code: resultCode & 0xFF,
            extendedCode: useConnection ? extended : resultCode,
            message: useConnection ? message : String(cString: sqlite3_errstr(resultCode)),
            sql: sql
        )
    }

    /// A misuse this wrapper refuses before SQLite sees it.
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
    }
}
