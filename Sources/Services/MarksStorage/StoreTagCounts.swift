import SQLiteDatabase

/// `store_tag_counts` (migration 8): how many unarchived (`live`) and archived bookmarks carry each tag, kept by
/// triggers on `store_bookmark_tags` in the same transaction as every change to it — a tag added or removed, a
/// bookmark archived (the join table's `archived` follows by ON UPDATE CASCADE), deleted or restored, a tag deleted —
/// so the Tags tab reads one small row per tag instead of counting every link (issue 36: 445 ms at 100k bookmarks).
/// An import drops the insert trigger and recounts at its end (`DeferredIndexing`). When the store opens the rows
/// are compared with a fresh count and rebuilt if they differ, as `store_counts` is.
enum StoreTagCounts {
    /// The insert trigger's name (an import defers it and calls `rebuild` instead).
    static let insertTrigger = "store_tag_counts_link_insert"

    /// Adds one link of `row` (`new.`) to its tag's counts, creating the row.
    private static func add(_ row: String) -> String {
        """
        INSERT INTO store_tag_counts (tag_id, live, archived) VALUES (\(row)tag_id, \(row)archived = 0, \(row)archived <> 0)
            ON CONFLICT (tag_id) DO UPDATE SET live = live + excluded.live, archived = archived + excluded.archived;
        """
    }

    /// Takes one link of `row` (`old.`) off its tag's counts.
    private static func remove(_ row: String) -> String {
        """
        UPDATE store_tag_counts SET live = live - (\(row)archived = 0), archived = archived - (\(row)archived <> 0)
            WHERE tag_id = \(row)tag_id;
        """
    }

    static let schema = """
        CREATE TABLE store_tag_counts (
            tag_id INTEGER PRIMARY KEY REFERENCES store_tags (id) ON DELETE CASCADE,
            live INTEGER NOT NULL,
            archived INTEGER NOT NULL
        );
        CREATE TRIGGER \(insertTrigger) AFTER INSERT ON store_bookmark_tags BEGIN
            \(add("new."))
        END;
        CREATE TRIGGER store_tag_counts_link_delete AFTER DELETE ON store_bookmark_tags BEGIN
            \(remove("old."))
        END;
        CREATE TRIGGER store_tag_counts_link_update AFTER UPDATE OF tag_id, archived ON store_bookmark_tags
        WHEN old.tag_id IS NOT new.tag_id OR old.archived IS NOT new.archived BEGIN
            \(remove("old."))
            \(add("new."))
        END;
        """

    /// Migration 8: the table, its triggers and the backfill from the links already stored.
    static func migrate(_ db: Connection) throws {
        try db.execute(schema)
        try rebuild(db)
    }

    /// The counts computed from the links themselves (one pass over the join table's tag index).
    private static let fresh = """
        SELECT tag_id, sum(archived = 0), sum(archived <> 0) FROM store_bookmark_tags GROUP BY tag_id
        """

    /// Replaces the table's rows with a fresh count, inside the caller's write transaction.
    static func rebuild(_ db: Connection) throws {
        try db.run("DELETE FROM store_tag_counts")
        try db.run("INSERT INTO store_tag_counts (tag_id, live, archived) \(fresh)")
    }

    /// Whether the kept rows (those of tags in use) differ from a fresh count.
    static func differ(_ db: Connection) throws -> Bool {
        let kept = "SELECT tag_id, live, archived FROM store_tag_counts WHERE live <> 0 OR archived <> 0"
        let row = try db.queryOne("""
            SELECT EXISTS (SELECT * FROM (\(kept) EXCEPT \(fresh))) OR EXISTS (SELECT * FROM (\(fresh) EXCEPT \(kept)))
            """)
        return try row?.bool(at: 0) ?? true
    }

    /// Each tag some unarchived bookmark carries, with how many do.
    static func live(_ db: Connection) throws -> [(name: String, count: Int)] {
        try db.withStatement(cached: """
            SELECT t.name, c.live FROM store_tag_counts c JOIN store_tags t ON t.id = c.tag_id WHERE c.live > 0
            """) { statement in
            var counts: [(name: String, count: Int)] = []
            while try statement.advance() { counts.append((statement.text(at: 0), Int(statement.integer(at: 1)))) }
            return counts
        }
    }
}
