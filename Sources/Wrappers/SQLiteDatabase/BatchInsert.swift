import CSQLite

/// New rows inserted many to a statement (`INSERT OR IGNORE INTO t (…) VALUES (…), (…), …`) for a bulk load inside
/// the caller's transaction: SQLite then opens the table's and its indexes' cursors once per statement instead of
/// once per row (100,000 bookmarks go into the store about a third faster).
///
/// `OR IGNORE` because a statement of many rows that could stop half way on a constraint needs a statement journal
/// (SQLite copies each page it changes aside first, to undo the rows already in), which costs more than the batching
/// saves. No row may be refused, though: one that a constraint skips is found by the count of rows inserted and
/// thrown as `SQLITE_CONSTRAINT`, and the caller's transaction then rolls back. Rows wait in memory until
/// `rowsPerStatement` of them are there or `flush()` is called; the `append` or `flush` that sends them throws.
public struct BatchInsert {
    private let connection: Connection
    private let head: String
    private let columns: Int
    private let rowsPerStatement: Int
    private var full: Statement?
    private var waiting: [SQLValue] = []

    /// Inserts into `table` rows of a value for each of `columns`, `rowsPerStatement` to a statement (kept under
    /// SQLite's 32,766 parameters).
    public init(_ connection: Connection, into table: String, columns: [String], rowsPerStatement: Int = 100) {
        self.connection = connection
        head = "INSERT OR IGNORE INTO \(table) (\(columns.joined(separator: ", "))) VALUES"
        self.columns = max(1, columns.count)
        self.rowsPerStatement = max(1, min(rowsPerStatement, 32_766 / self.columns))
        waiting.reserveCapacity(self.rowsPerStatement * self.columns)
    }

    /// Adds one row (a value per column); sends the waiting rows once there are `rowsPerStatement` of them.
    public mutating func append(_ row: [SQLValue]) throws {
        guard row.count == columns else {
            throw SQLiteError.misuse("a row of \(row.count) values for an insert of \(columns) columns", sql: head)
        }
        waiting += row
        if waiting.count == rowsPerStatement * columns {
            let statement = try full ?? connection.prepare(Self.sql(head, columns: columns, rows: rowsPerStatement))
            full = statement
            try send(statement)
        }
    }

    /// Sends the rows that wait (fewer than `rowsPerStatement`), if any.
    public mutating func flush() throws {
        guard !waiting.isEmpty else { return }
        try send(try connection.prepare(Self.sql(head, columns: columns, rows: waiting.count / columns)))
    }

    private mutating func send(_ statement: Statement) throws {
        let rows = waiting.count / columns
        defer { waiting.removeAll(keepingCapacity: true) }
        try statement.bind(waiting)
        let inserted = try statement.run()
        statement.reset()
        guard inserted == rows else {
            throw SQLiteError(code: SQLITE_CONSTRAINT,
                              message: "a constraint refused \(rows - inserted) of \(rows) rows of a batch insert", sql: head)
        }
    }

    static func sql(_ head: String, columns: Int, rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return head + " " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
