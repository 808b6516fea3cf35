import CSQLite

/// One compiled SQL statement, finalized in `deinit`. One that `Connection.prepare` hands out keeps its connection
/// open while it lives; one the connection keeps for itself (`Connection.withStatement(cached:)`) does not, and the
/// connection finalizes it before it closes.
public final class Statement {
    /// The SQL text this statement was compiled from.
    public let sql: String
    /// Names of the result columns, in order (empty for statements that return no rows).
    public let columnNames: [String]
    /// Set for a statement handed out: the connection stays open while the statement lives.
    private let keptOpen: Connection?
    private let db: OpaquePointer
    private let handle: OpaquePointer

    init(connection: Connection, sql: String, keepingConnectionOpen: Bool = true) throws {
        guard !sql.utf8.contains(0) else {
            throw SQLiteError.misuse("SQL text contains a NUL byte; bind values as parameters instead", sql: sql)
        }
        guard sql.utf8.count < Int32.max else {
            throw SQLiteError(code: SQLITE_TOOBIG, message: "the SQL text is too long", sql: String(sql.prefix(200)))
        }
        let db = connection.handle
        let compiled: OpaquePointer = try sql.utf8CString.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { throw SQLiteError.misuse("empty SQL", sql: sql) }
            let end = start + buffer.count - 1
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let result = sqlite3_prepare_v2(db, start, Int32(buffer.count - 1), &statement, &tail)
            guard result == SQLITE_OK else { throw SQLiteError(handle: db, resultCode: result, sql: sql) }
            guard let statement else { throw SQLiteError.misuse("the SQL text holds no statement", sql: sql) }
            // Refuse trailing statements: they would silently never run.
            var rest = tail ?? end
            while rest < end {
                var extra: OpaquePointer?
                var next: UnsafePointer<CChar>?
                let extraResult = sqlite3_prepare_v2(db, rest, Int32(end - rest), &extra, &next)
                sqlite3_finalize(extra)
                if extraResult != SQLITE_OK || extra != nil {
                    sqlite3_finalize(statement)
                    throw SQLiteError.misuse(
                        "prepare() takes exactly one statement; use execute() for scripts", sql: sql)
                }
                guard let next, next > rest else { break }
                rest = next
            }
            return statement
        }
        self.keptOpen = keepingConnectionOpen ? connection : nil
        self.db = db
        self.handle = compiled
        self.sql = sql
        self.columnNames = (0..<sqlite3_column_count(compiled)).map { index in
            sqlite3_column_name(compiled, index).map { String(cString: $0) } ?? "column\(index + 1)"
        }
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// How many parameters the statement takes (the largest `?NNN` index, each `:name` counted once).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// True when the statement only reads (SELECT, most PRAGMAs).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// Resets the statement and binds positional arguments; their count must match `parameterCount`.
    public func bind(_ arguments: [SQLValue]) throws {
        reset()
        guard arguments.count == parameterCount else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                message: "the statement takes \(parameterCount) argument(s) but \(arguments.count) were given",
                sql: sql)
        }
        for (offset, value) in arguments.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Resets the statement and binds named arguments (keys with or without the `:`, `@` or `$` prefix).
    ///
    /// Every parameter of the statement must be given, and every key must name a parameter.
    public func bind(_ arguments: [String: SQLValue]) throws {
        reset()
        let named = Dictionary(arguments.map { (Self.bareName($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        guard named.count == arguments.count else {
            throw SQLiteError(code: SQLITE_RANGE, message: "an argument is named twice (with different prefixes)", sql: sql)
        }
        var used = Set<String>()
        for index in Int32(1)..<Int32(parameterCount + 1) {
            guard let cName = sqlite3_bind_parameter_name(handle, index) else {
                throw SQLiteError(
                    code: SQLITE_RANGE, message: "parameter \(index) is positional; bind an array instead", sql: sql)
            }
            let name = String(cString: cName)
            let bare = Self.bareName(name)
            used.insert(bare)
            guard let value = named[bare] else {
                throw SQLiteError(code: SQLITE_RANGE, message: "no argument was given for parameter \(name)", sql: sql)
            }
            try bind(value, at: index)
        }
        if let unknown = named.keys.filter({ !used.contains($0) }).sorted().first {
            throw SQLiteError(code: SQLITE_RANGE, message: "the statement has no parameter named \(unknown)", sql: sql)
        }
    }

    /// Steps once: returns the next row, or nil when the statement has finished.
    public func step() throws -> Row? {
        guard try advance() else { return nil }
        return Row(columnNames: columnNames, values: try (0..<Int32(columnNames.count)).map(columnValue))
    }

    /// Steps once without copying the row out: true when there is a row, whose columns `integer(at:)`, `text(at:)`
    /// and `bytes(at:)` read until the next step; false when the statement has finished. For lean loops over many rows.
    public func advance() throws -> Bool {
        let result = sqlite3_step(handle)
        switch result {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = SQLiteError(handle: db, resultCode: result, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Whether the current row's column is NULL (after `advance()` returned true).
    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The current row's column as an integer (SQLite's conversion: NULL is 0), after `advance()` returned true.
    public func integer(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The current row's column as text bytes (NULL is empty), after `advance()` returned true.
    public func bytes(at column: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_text(handle, column) else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// The current row's column as text (NULL is empty), after `advance()` returned true.
    public func text(at column: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    /// Steps once and returns the first column as an integer, or nil when the statement has finished: a lean loop
    /// over a one-column id query, with no `Row` built per step (a NULL reads as 0).
    public func nextInteger() throws -> Int64? {
        try advance() ? integer(at: 0) : nil
    }

    /// Runs the statement to completion from the start and returns the number of rows it changed.
    @discardableResult
    public func run() throws -> Int {
        sqlite3_reset(handle)
        let before = Int(sqlite3_total_changes64(db))
        while try step() != nil {}
        // sqlite3_changes keeps the last INSERT/UPDATE/DELETE's count through DDL: report 0 when nothing changed.
        return Int(sqlite3_total_changes64(db)) == before ? 0 : Int(sqlite3_changes64(db))
    }

    /// Runs the statement from the start and returns every row.
    public func rows() throws -> [Row] {
        sqlite3_reset(handle)
        var rows: [Row] = []
        while let row = try step() {
            rows.append(row)
        }
        return rows
    }

    /// Rewinds the statement so it can run again; bindings are kept.
    public func reset() {
        sqlite3_reset(handle) // returns the last step's error, which step() already threw
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    private func bind(_ value: SQLValue, at index: Int32) throws {
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, index)
        case .integer(let number):
            result = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            guard !number.isNaN else {
                throw SQLiteError(
                    code: SQLITE_MISMATCH,
                    message: "parameter \(index) is NaN, which SQLite would silently store as NULL", sql: sql)
            }
            result = sqlite3_bind_double(handle, index, number)
        case .text(let string):
            var string = string
            result = string.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                    sqlite3_bind_text64(handle, index, chars, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, !raw.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, UInt64(raw.count), csqlite_transient())
            }
        }
        guard result == SQLITE_OK else {
            throw SQLiteError(handle: db, resultCode: result, sql: sql)
        }
    }

    private func columnValue(_ index: Int32) throws -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let pointer = sqlite3_column_text(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let pointer else { return try emptyUnlessOutOfMemory(.text("")) }
            return .text(String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let pointer = sqlite3_column_blob(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let pointer, count > 0 else { return try emptyUnlessOutOfMemory(.blob([])) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default:
            return .null
        }
    }

    /// SQLite returns a NULL pointer both for an empty value and when it ran out of memory.
    private func emptyUnlessOutOfMemory(_ empty: SQLValue) throws -> SQLValue {
        let code = sqlite3_errcode(db)
        guard code != SQLITE_NOMEM else {
            throw SQLiteError(handle: db, resultCode: code, sql: sql)
        }
        return empty
    }

    private static func bareName(_ name: String) -> String {
        guard let first = name.first, ":@$".contains(first) else { return name }
        return String(name.dropFirst())
    }
}

@available(*, unavailable, message: "A Statement belongs to its connection's task.")
extension Statement: Sendable {}
