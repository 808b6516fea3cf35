import MarksCore
import SQLiteDatabase

/// Index migration 9: every text fingerprint the index stores becomes its 64-bit key (`ContentHash.key`) — the
/// documents' `content_hash` and `document_hash`, the passages' `content_hash` — and `index_vectors` is keyed by it
/// as its rowid, so it keeps no hash column and no UNIQUE index beside the vectors. Each vector stays with its text:
/// nothing is embedded again, and an unchanged document is still seen as unchanged.
///
/// SQLite cannot change a column's type, so each hash column is added anew as INTEGER, filled, the old one dropped and
/// the new one renamed. An `ALTER TABLE` checks every view and trigger of the schema, so the index's views and its
/// triggers on the store's table go first; `StoreOwnedText.prepare` makes them again when the index opens, right after
/// its migrations.
enum TextKeyMigration {
    static func run(_ connection: Connection) throws {
        let generated = try connection.query("""
            SELECT type, name FROM sqlite_schema WHERE name IN ('index_document_rows', 'index_fts_source')
                OR (type = 'trigger' AND name LIKE 'index\\_store\\_%' ESCAPE '\\')
            """).map { (try $0.string(at: 0), try $0.string(at: 1)) }
        for (type, name) in generated {
            try connection.execute("DROP \(type == "view" ? "VIEW" : "TRIGGER") IF EXISTS \(name)")
        }
        try rekey(connection, table: "index_documents", id: "bookmark_id", columns: ["content_hash", "document_hash"],
                  index: "index_documents_hash")
        try rekey(connection, table: "index_passages", id: "id", columns: ["content_hash"], index: "index_passages_hash")
        try connection.execute("CREATE TABLE index_vectors_by_key (id INTEGER PRIMARY KEY, vector BLOB NOT NULL)")
        let vectors = try connection.prepare("SELECT id, content_hash, vector FROM index_vectors WHERE id > ? ORDER BY id LIMIT 1000")
        let insert = try connection.prepare("INSERT OR IGNORE INTO index_vectors_by_key (id, vector) VALUES (?, ?)")
        var after = Int64.min
        while true {
            try vectors.bind([.integer(after)])
            let rows = try vectors.rows().map { (id: Int64(try $0.int(at: 0)), key: key(try $0.string(at: 1)), vector: try $0.value(at: 2)) }
            vectors.reset()
            guard let last = rows.last else { break }
            for row in rows {
                try insert.bind([.integer(row.key), row.vector])
                try insert.run()
            }
            after = last.id
        }
        try connection.execute("""
            DROP TABLE index_vectors;
            ALTER TABLE index_vectors_by_key RENAME TO index_vectors;
            UPDATE index_state SET value = value + 1 WHERE key = 'generation';
            """)
    }

    /// The key of a fingerprint stored as hex; a value that is not one (damaged) gets a key no text has, so its text is
    /// embedded again.
    static func key(_ stored: String) -> Int64 {
        ContentHash(hex: stored)?.key ?? ContentHash(stored, salt: "damaged").key
    }

    /// `columns` of `table` (rows named by `id`) from hex fingerprints to INTEGER keys, under their own names, with
    /// `index` (over the first of them) made again.
    private static func rekey(_ connection: Connection, table: String, id: String, columns: [String], index: String) throws {
        for column in columns {
            try connection.execute("ALTER TABLE \(table) ADD COLUMN \(column)_key INTEGER NOT NULL DEFAULT 0")
        }
        let update = try connection.prepare("""
            UPDATE \(table) SET \(columns.map { "\($0)_key = ?" }.joined(separator: ", ")) WHERE \(id) = ?
            """)
        let rows = try connection.prepare("""
            SELECT \(id), \(columns.joined(separator: ", ")) FROM \(table) WHERE \(id) > ? ORDER BY \(id) LIMIT 1000
            """)
        var after = Int64.min
        while true {
            try rows.bind([.integer(after)])
            let page = try rows.rows().map { row in
                (id: Int64(try row.int(at: 0)), keys: try columns.indices.map { key(try row.string(at: $0 + 1)) })
            }
            rows.reset()
            guard let last = page.last else { break }
            for row in page {
                try update.bind(row.keys.map { .integer($0) } + [.integer(row.id)])
                try update.run()
            }
            after = last.id
        }
        try connection.execute("DROP INDEX IF EXISTS \(index)")
        for column in columns {
            try connection.execute("""
                ALTER TABLE \(table) DROP COLUMN \(column);
                ALTER TABLE \(table) RENAME COLUMN \(column)_key TO \(column);
                """)
        }
        try connection.execute("CREATE INDEX \(index) ON \(table) (\(columns[0]))")
    }
}
