import SQLiteDatabase

/// The delete of a store from before migration 10, for a test that builds an old data directory: the row moved to
/// `store_trash` with its `url_normalized`, as `BookmarkStore.moveToTrash` did then (today's writes the key instead).
enum OldStoreTrash {
    static func move(_ id: Int, deletedAt: Int64, _ db: Connection) throws {
        try db.run("""
            INSERT INTO store_trash (id, url, url_normalized, title, description, notes, web_archive_snapshot_url,
                                     is_archived, unread, shared, date_added, date_modified, tag_names, deleted_at)
            SELECT b.id, b.url, b.url_normalized, b.title, b.description, b.notes, b.web_archive_snapshot_url,
                   b.is_archived, b.unread, b.shared, b.date_added, b.date_modified,
                   (SELECT json_group_array(t.name) FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id
                    WHERE bt.bookmark_id = b.id),
                   ?
            FROM store_bookmarks b WHERE b.id = ?
            """, [SQLValue(deletedAt), SQLValue(id)])
        try db.run("DELETE FROM store_bookmarks WHERE id = ?", [SQLValue(id)])
    }
}
