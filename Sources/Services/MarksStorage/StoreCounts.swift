import SQLiteDatabase

/// `store_counts` (migration 3): how many rows each list holds, kept by triggers in the same transaction as every
/// change to `store_bookmarks` or `store_trash` — whatever statement makes it (create, update, archive, delete to
/// the trash, restore, purge, import) — so the list page's `count` is one row read instead of a count over every
/// bookmark. One row per bucket: `unarchived.read`, `unarchived.unread`, `archived.read`, `archived.unread`
/// (a bookmark's archive and unread flags) and `trash`.
///
/// The rows are checked, not trusted: a missing bucket, a negative or non-integer `n` makes `read` answer nil, and
/// the caller counts the rows itself and rebuilds the table (`rebuild`); the store also compares them with a fresh
/// count when it opens (`BookmarkStore+Counts.swift`).
enum StoreCounts {
    static let buckets = ["unarchived.read", "unarchived.unread", "archived.read", "archived.unread", "trash"]

    /// The bucket of a `store_bookmarks` row, as SQL over its columns prefixed by `row` (`new.`, `old.`, `b.`).
    static func bucket(_ row: String) -> String {
        "(CASE WHEN \(row)is_archived THEN 'archived' ELSE 'unarchived' END || CASE WHEN \(row)unread THEN '.unread' ELSE '.read' END)"
    }

    /// The table and its triggers; `rebuild` fills it. A trigger never fails a write: an update of a missing bucket
    /// changes nothing (and `read` then reports the table damaged).
    static let schema = """
        CREATE TABLE store_counts (
            bucket TEXT PRIMARY KEY,
            n INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TRIGGER store_counts_bookmark_insert AFTER INSERT ON store_bookmarks BEGIN
            UPDATE store_counts SET n = n + 1 WHERE bucket = \(bucket("new."));
        END;
        CREATE TRIGGER store_counts_bookmark_delete AFTER DELETE ON store_bookmarks BEGIN
            UPDATE store_counts SET n = n - 1 WHERE bucket = \(bucket("old."));
        END;
        CREATE TRIGGER store_counts_bookmark_update AFTER UPDATE OF is_archived, unread ON store_bookmarks
        WHEN old.is_archived IS NOT new.is_archived OR old.unread IS NOT new.unread BEGIN
            UPDATE store_counts SET n = n - 1 WHERE bucket = \(bucket("old."));
            UPDATE store_counts SET n = n + 1 WHERE bucket = \(bucket("new."));
        END;
        CREATE TRIGGER store_counts_trash_insert AFTER INSERT ON store_trash BEGIN
            UPDATE store_counts SET n = n + 1 WHERE bucket = 'trash';
        END;
        CREATE TRIGGER store_counts_trash_delete AFTER DELETE ON store_trash BEGIN
            UPDATE store_counts SET n = n - 1 WHERE bucket = 'trash';
        END;
        """

    /// Migration 3: the table, its triggers and the backfill from the rows already stored.
    static func migrate(_ db: Connection) throws {
        try db.execute(schema)
        try rebuild(db)
    }

    /// The maintained counts, or nil when the table is damaged (a bucket missing, a value that is not a count).
    static func read(_ db: Connection) throws -> BookmarkCounts? {
        var values: [String: Int] = [:]
        for row in try db.query(cached: "SELECT bucket, n FROM store_counts") {
            guard row.values.count == 2, case .text(let bucket) = row.values[0], case .integer(let n) = row.values[1], n >= 0 else {
                return nil
            }
            values[bucket] = Int(n)
        }
        return counts(values)
    }

    /// The counts computed from the rows themselves (one pass over the bookmarks' index and the trash).
    static func fresh(_ db: Connection) throws -> BookmarkCounts {
        var values = Dictionary(uniqueKeysWithValues: buckets.map { ($0, 0) })
        for row in try db.query("SELECT \(bucket("")) AS bucket, count(*) FROM store_bookmarks GROUP BY is_archived, unread") {
            values[try row.string(at: 0)] = try row.int(at: 1)
        }
        values["trash"] = try db.queryOne("SELECT count(*) FROM store_trash").map { try $0.int(at: 0) } ?? 0
        return counts(values) ?? BookmarkCounts(unarchived: 0, unarchivedUnread: 0, archived: 0, archivedUnread: 0, trash: 0)
    }

    /// The insert trigger's name (an import defers it and calls `addBookmarks` instead).
    static let insertTrigger = "store_counts_bookmark_insert"

    /// Adds to the buckets the bookmarks whose id is `first` or more, as the insert trigger would have row by row.
    static func addBookmarks(from first: Int, _ db: Connection) throws {
        try db.run("""
            UPDATE store_counts SET n = n + (SELECT count(*) FROM store_bookmarks b WHERE b.id >= ? AND \(bucket("b.")) = store_counts.bucket)
            WHERE bucket <> 'trash'
            """, [SQLValue(first)])
    }

    /// Replaces the table's rows with a fresh count, inside the caller's write transaction; returns that count.
    @discardableResult
    static func rebuild(_ db: Connection) throws -> BookmarkCounts {
        let counts = try fresh(db)
        try db.run("DELETE FROM store_counts")
        let values: [(String, Int)] = [
            ("unarchived.read", counts.unarchived - counts.unarchivedUnread), ("unarchived.unread", counts.unarchivedUnread),
            ("archived.read", counts.archived - counts.archivedUnread), ("archived.unread", counts.archivedUnread),
            ("trash", counts.trash),
        ]
        for (bucket, n) in values {
            try db.run("INSERT INTO store_counts (bucket, n) VALUES (?, ?)", [SQLValue(bucket), SQLValue(n)])
        }
        return counts
    }

    private static func counts(_ values: [String: Int]) -> BookmarkCounts? {
        guard let unarchivedRead = values["unarchived.read"], let unarchivedUnread = values["unarchived.unread"],
              let archivedRead = values["archived.read"], let archivedUnread = values["archived.unread"],
              let trash = values["trash"] else { return nil }
        return BookmarkCounts(unarchived: unarchivedRead + unarchivedUnread, unarchivedUnread: unarchivedUnread,
                              archived: archivedRead + archivedUnread, archivedUnread: archivedUnread, trash: trash)
    }
}
