import SQLiteDatabase

/// Keeps `index_fts` in step with `index_documents` inside an index write. The full-text table is external content
/// over the view `index_fts_source` (index migration 5), so it stores no text of its own: a document's terms go in
/// from the view after its row is written, and come out with the values the view gives before the row changes or
/// goes (FTS5 needs the old values to delete them). Single-row statements only, never a trigger or `INSERT … SELECT`:
/// a statement with a statement journal makes FTS5 flush its pending terms (index migration 3).
struct FullTextWriter {
    private let read: Statement
    private let add: Statement
    private let remove: Statement

    /// A writer for one index write on `connection`, its statements prepared once.
    init(connection: Connection) throws {
        read = try connection.prepare("""
            SELECT bookmark_id, title, tags, summary, description, notes, url FROM index_fts_source WHERE bookmark_id = ?
            """)
        add = try connection.prepare(
            "INSERT INTO index_fts (rowid, title, tags, summary, description, notes, url) VALUES (?, ?, ?, ?, ?, ?, ?)")
        remove = try connection.prepare("""
            INSERT INTO index_fts (index_fts, rowid, title, tags, summary, description, notes, url)
            VALUES ('delete', ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    /// Indexes the document's row as it is now (after it was written).
    func index(document id: Int) throws {
        guard let values = try values(of: id) else { return }
        try add.bind(values)
        try add.run()
    }

    /// Takes the document's terms out, while its row still holds the values they were indexed from (before the
    /// row is updated or deleted); nothing when there is no row.
    func unindex(document id: Int) throws {
        guard let values = try values(of: id) else { return }
        try remove.bind(values)
        try remove.run()
    }

    /// The view's row of the document: rowid, then the six columns.
    private func values(of id: Int) throws -> [SQLValue]? {
        try read.bind([.integer(Int64(id))])
        defer { read.reset() }
        guard let row = try read.step() else { return nil }
        return [.integer(Int64(id))] + (try (1...6).map { SQLValue.text(try row.string(at: $0)) })
    }
}
