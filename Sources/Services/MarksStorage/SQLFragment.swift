import SQLiteDatabase

/// A piece of SQL and its bound arguments in order; user text only ever travels in `arguments`.
struct SQLFragment {
    var sql: String
    var arguments: [SQLValue]
    /// True when the SQL reads the bookmark's text columns (so a covering index of its state columns is not enough).
    var readsText: Bool
    /// True when the SQL reads any column of `b` besides `b.id`.
    var readsRow: Bool

    init(_ sql: String, _ arguments: [SQLValue] = [], readsText: Bool = false, readsRow: Bool = false) {
        self.sql = sql
        self.arguments = arguments
        self.readsText = readsText
        self.readsRow = readsRow || readsText
    }

    /// The fragments joined by `separator`, each in parentheses.
    static func joined(_ parts: [SQLFragment], _ separator: String) -> SQLFragment {
        SQLFragment(
            parts.map { "(" + $0.sql + ")" }.joined(separator: separator),
            parts.flatMap(\.arguments),
            readsText: parts.contains(where: \.readsText), readsRow: parts.contains(where: \.readsRow))
    }
}
