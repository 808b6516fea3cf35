import SQLiteDatabase

/// The finding evaluation's baseline (issue 36): plain BM25 as SQLite's FTS5 computes it (`bm25()`, k1 = 1.2,
/// b = 0.75, every column weighted 1) over the texts given, in an in-memory table with the `porter unicode61`
/// tokenizer; a question is the OR of its distinct words, stop words kept, so nothing but BM25 ranks.
final class FindingBaseline {
    private let connection: Connection
    private let columns: [String]

    /// A table of `columns` (each row: an id and one text per column).
    init(columns: [String]) throws {
        self.columns = columns
        connection = try Connection(path: ":memory:")
        try connection.execute("CREATE VIRTUAL TABLE baseline USING fts5(\(columns.joined(separator: ", ")), tokenize = 'porter unicode61')")
    }

    /// Adds rows: an id and the texts of the columns, in order.
    func add(_ rows: [(id: Int, texts: [String])]) throws {
        let sql = "INSERT INTO baseline (rowid, \(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count)))"
        try connection.execute("BEGIN")
        for row in rows {
            _ = try connection.run(sql, [.integer(Int64(row.id))] + row.texts.map { .text($0) })
        }
        try connection.execute("COMMIT")
    }

    /// The ids of the best `limit` rows for `question`, best first; none when it has no word.
    func search(_ question: String, limit: Int) throws -> [Int] {
        var seen = Set<String>()
        let words = question.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { seen.insert($0).inserted }
        guard !words.isEmpty else { return [] }
        let match = words.map { "\"\($0)\"" }.joined(separator: " OR ")
        return try connection.query("SELECT rowid FROM baseline WHERE baseline MATCH ? ORDER BY bm25(baseline) LIMIT ?",
                                    [.text(match), .integer(Int64(limit))]).map { try $0.int(at: 0) }
    }
}
