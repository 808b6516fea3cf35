import Foundation
import MarksCore
import SQLiteDatabase

/// The trash: `delete` moves a bookmark's row and tag names to `store_trash`; a restore puts it back with its id,
/// tags, notes, dates and flags; a purge drops it for good (the library's `trash.purge` job does so after 30 days).
extension BookmarkStore {
    /// The trashed bookmarks, most recently deleted first.
    public func trashed() throws(BookmarkStoreError) -> [TrashedBookmark] {
        try read { db in
            try db.query("SELECT \(Self.trashColumns) FROM store_trash ORDER BY deleted_at DESC, id DESC").map(Self.trashed)
        }
    }

    /// One trashed bookmark, or nil.
    public func trashed(id: Int) throws(BookmarkStoreError) -> TrashedBookmark? {
        try read { db in
            try db.queryOne("SELECT \(Self.trashColumns) FROM store_trash WHERE id = ?", [SQLValue(id)]).map(Self.trashed)
        }
    }

    /// Brings a trashed bookmark back exactly as it was deleted (id, tags, notes, dates, flags); `notFound` when it
    /// is not in the trash. Refused while another bookmark has its URL (one saved again after the delete).
    public func restore(id: Int) throws(BookmarkStoreError) -> Bookmark {
        try write { db in
            guard let row = try db.queryOne("SELECT url, url_key, tag_names FROM store_trash WHERE id = ?", [SQLValue(id)]) else {
                throw BookmarkStoreError.notFound(kind: "Bookmark")
            }
            // Under the key it was filed under (the trash keeps the row's `url_key`, `URLKeyOnlyMigration`), which it
            // goes back with.
            let normalized = URLNormalizer.normalize(try row.string(at: 0))
            if try urlIdentity.bookmarkID(normalized: normalized, key: try row.int64(at: 1), db) != nil {
                throw BookmarkStoreError.invalid(["url": [Self.restoreConflict]])
            }
            let tags = try JSONDecoder().decode([String].self, from: Data(try row.string(at: 2).utf8))
            try db.run("""
                INSERT INTO store_bookmarks (id, url, url_key, title, description, notes, web_archive_snapshot_url,
                                             is_archived, unread, shared, date_added, date_modified)
                SELECT id, url, url_key, title, description, notes, web_archive_snapshot_url,
                       is_archived, unread, shared, date_added, date_modified
                FROM store_trash WHERE id = ?
                """, [SQLValue(id)])
            try TagWriter.addTags(tags, bookmark: id, stamp: StoreTime.micros(now()), db)
            try db.run("DELETE FROM store_trash WHERE id = ?", [SQLValue(id)])
            return try Self.reload(id, db)
        }
    }

    /// Drops one trashed bookmark for good; `notFound` when it is not in the trash.
    public func purgeTrashed(id: Int) throws(BookmarkStoreError) {
        let changed = try write { db in try db.run("DELETE FROM store_trash WHERE id = ?", [SQLValue(id)]) }
        if changed == 0 { throw .notFound(kind: "Bookmark") }
    }

    /// Drops every trashed bookmark deleted before `cutoff` (all of them when nil); returns their ids.
    @discardableResult
    public func purgeTrash(deletedBefore cutoff: Date?) throws(BookmarkStoreError) -> [Int] {
        try write { db in
            let rows: [Row]
            if let cutoff {
                rows = try db.query("DELETE FROM store_trash WHERE deleted_at < ? RETURNING id", [SQLValue(StoreTime.micros(cutoff))])
            } else {
                rows = try db.query("DELETE FROM store_trash RETURNING id")
            }
            return try rows.map { try $0.int(at: 0) }.sorted()
        }
    }

    /// The sentence a restore is refused with while another bookmark has the URL.
    public static let restoreConflict =
        "A bookmark with this URL was saved again after this one was deleted. Delete that one first to restore this one."

    /// Moves a bookmark's row and tag names into the trash inside the caller's transaction; false when there is none.
    static func moveToTrash(_ id: Int, deletedAt: Int64, _ db: Connection) throws -> Bool {
        guard try db.queryOne("SELECT 1 FROM store_bookmarks WHERE id = ?", [SQLValue(id)]) != nil else { return false }
        // A delete, then a plain insert, not INSERT OR REPLACE: a replace's implicit delete fires no trigger, and
        // `store_counts` counts the trash by its triggers.
        try db.run("DELETE FROM store_trash WHERE id = ?", [SQLValue(id)])
        let copied = try db.run("""
            INSERT INTO store_trash (id, url, url_key, title, description, notes, web_archive_snapshot_url,
                                     is_archived, unread, shared, date_added, date_modified, tag_names, deleted_at)
            SELECT b.id, b.url, b.url_key, b.title, b.description, b.notes, b.web_archive_snapshot_url,
                   b.is_archived, b.unread, b.shared, b.date_added, b.date_modified,
                   (SELECT json_group_array(t.name) FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id
                    WHERE bt.bookmark_id = b.id),
                   ?
            FROM store_bookmarks b WHERE b.id = ?
            """, [SQLValue(deletedAt), SQLValue(id)])
        guard copied > 0 else { return false }
        try db.run("DELETE FROM store_bookmarks WHERE id = ?", [SQLValue(id)])
        return true
    }

    private static let trashColumns = """
        id, url, title, description, notes, web_archive_snapshot_url, is_archived, unread, shared, date_added, date_modified, \
        tag_names, deleted_at
        """

    private static func trashed(_ row: Row) throws -> TrashedBookmark {
        let tags = try JSONDecoder().decode([String].self, from: Data(try row.string(at: 11).utf8))
        return TrashedBookmark(bookmark: try BookmarkRows.bookmark(row, tags: tags), deletedAt: StoreTime.date(try row.int64(at: 12)))
    }
}
