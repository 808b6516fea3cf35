import MarksCore
import SQLiteDatabase

/// Store migration 9: a bookmark is found by its URL's 64-bit key (`url_key`, `StoreURLIdentity`) instead of by its
/// normalised URL under a UNIQUE index (issue 36: 5.7 MB of index at 100k bookmarks). SQLite cannot drop a UNIQUE
/// constraint in place, so `store_bookmarks` is rebuilt under its own name: its rows are copied aside, the table is
/// dropped and created again, and the rows come back with their ids, each with the key of the normalised URL it was
/// stored under (a bookmark migration 5 kept apart from its twin keeps its old normalised URL, so it stays apart).
///
/// Dropping the table drops its indexes and triggers — the store's and any other module's created on it (the search
/// index's) — so each is created again from the SQL this database holds for it, after the rows are back (none fires
/// for them). AUTOINCREMENT's counter goes with the table and is put back, so no new bookmark takes the id of one in
/// the trash. It runs with foreign keys off (`Migration.rebuildingTables`), so the tag links are not deleted with
/// the old table; the migrator checks every reference before the commit.
///
/// `url_normalized` stayed (no longer unique, no longer indexed) while the search index still read it; migration 10
/// drops it (`URLKeyOnlyMigration`).
enum URLKeyMigration {
    static let index = "store_bookmarks_url_key"

    static func run(_ db: Connection) throws {
        let kept = try db.query("""
            SELECT sql FROM sqlite_schema
            WHERE tbl_name = 'store_bookmarks' AND type IN ('index', 'trigger') AND sql IS NOT NULL
            ORDER BY type = 'trigger', rowid
            """).map { try $0.string(at: 0) }
        let counter = try db.queryOne("SELECT seq FROM sqlite_sequence WHERE name = 'store_bookmarks'").map { try $0.int(at: 0) }
        try db.define(keyFunction)
        try db.execute("""
            CREATE TEMP TABLE store_bookmarks_before AS SELECT * FROM store_bookmarks;
            DROP TABLE store_bookmarks;
            CREATE TABLE store_bookmarks (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                url TEXT NOT NULL,
                url_normalized TEXT NOT NULL,
                url_key INTEGER NOT NULL,
                title TEXT NOT NULL DEFAULT '',
                description TEXT NOT NULL DEFAULT '',
                notes TEXT NOT NULL DEFAULT '',
                web_archive_snapshot_url TEXT NOT NULL DEFAULT '',
                is_archived INTEGER NOT NULL DEFAULT 0 CHECK (is_archived IN (0, 1)),
                unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
                shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
                date_added INTEGER NOT NULL,
                date_modified INTEGER NOT NULL
            );
            INSERT INTO store_bookmarks (id, url, url_normalized, url_key, title, description, notes, web_archive_snapshot_url,
                                         is_archived, unread, shared, date_added, date_modified)
            SELECT id, url, url_normalized, \(keyFunction.name)(url_normalized), title, description, notes, web_archive_snapshot_url,
                   is_archived, unread, shared, date_added, date_modified
            FROM temp.store_bookmarks_before ORDER BY id;
            DROP TABLE temp.store_bookmarks_before;
            CREATE INDEX \(index) ON store_bookmarks (url_key);
            """)
        for sql in kept { try db.execute(sql) }
        // The counter never goes down: a trashed bookmark's id stays taken.
        if let counter {
            try db.run("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'store_bookmarks'", [SQLValue(counter)])
            try db.run("""
                INSERT INTO sqlite_sequence (name, seq) SELECT 'store_bookmarks', ?
                WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'store_bookmarks')
                """, [SQLValue(counter)])
        }
    }

    /// `store_url_key(url_normalized)` for the copy: `URLKey` of the stored normalised URL.
    static let keyFunction = ScalarFunction(name: "store_url_key", argumentCount: 1) { arguments in
        guard case .text(let normalized) = arguments.first else {
            throw SQLiteError(code: 1, message: "store_url_key takes a normalised URL (text)")
        }
        return .integer(URLKey.of(normalized: normalized))
    }
}
