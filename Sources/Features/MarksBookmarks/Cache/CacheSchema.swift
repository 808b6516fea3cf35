import SQLiteDatabase

/// The library's tables in `marks.sqlite` (namespace `library`): the cached bookmark list per source, AI metadata
/// by bookmark id, AI tags dismissed per bookmark, AI summaries by URL, and each source's sync state; since migration 3 the trash of a source without
/// its own (a linkding server): each deleted bookmark, whole, and whether its delete is waiting (`pending`), going out
/// (`sending`) or was sent (`sent`). Append migrations; never edit a shipped one.
enum CacheSchema {
    static let namespace = "library"

    static let migrations: [Migration] = [
        Migration(id: 1, name: "cached bookmarks, AI metadata, summaries by url, sync state", sql: """
            CREATE TABLE library_bookmarks (
                source TEXT NOT NULL,
                id INTEGER NOT NULL,
                url TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT NOT NULL,
                notes TEXT NOT NULL,
                web_archive_snapshot_url TEXT NOT NULL,
                favicon_url TEXT,
                preview_image_url TEXT,
                is_archived INTEGER NOT NULL CHECK (is_archived IN (0, 1)),
                unread INTEGER NOT NULL CHECK (unread IN (0, 1)),
                shared INTEGER NOT NULL CHECK (shared IN (0, 1)),
                tag_names TEXT NOT NULL CHECK (json_valid(tag_names) AND json_type(tag_names) = 'array'),
                date_added REAL NOT NULL,
                date_modified REAL NOT NULL,
                PRIMARY KEY (source, id)
            ) WITHOUT ROWID;
            CREATE INDEX library_bookmarks_by_added ON library_bookmarks (source, is_archived, date_added DESC);

            CREATE TABLE library_ai_metadata (
                source TEXT NOT NULL,
                bookmark_id INTEGER NOT NULL,
                summary TEXT,
                tags TEXT NOT NULL CHECK (json_valid(tags) AND json_type(tags) = 'array'),
                engine TEXT NOT NULL,
                updated_at REAL NOT NULL,
                PRIMARY KEY (source, bookmark_id)
            ) WITHOUT ROWID;

            CREATE TABLE library_summaries_by_url (
                url_normalized TEXT PRIMARY KEY,
                url TEXT NOT NULL,
                summary TEXT NOT NULL,
                engine TEXT NOT NULL,
                updated_at REAL NOT NULL
            ) WITHOUT ROWID;

            CREATE TABLE library_sync_state (
                source TEXT PRIMARY KEY,
                modified_watermark REAL,
                last_sync REAL NOT NULL,
                last_full_reconcile REAL,
                tag_vocabulary TEXT NOT NULL CHECK (json_valid(tag_vocabulary) AND json_type(tag_vocabulary) = 'array')
            ) WITHOUT ROWID;
            """),
        Migration(id: 2, name: "AI tags dismissed per bookmark", sql: """
            CREATE TABLE library_ai_dismissed (
                source TEXT NOT NULL,
                bookmark_id INTEGER NOT NULL,
                tag_folded TEXT NOT NULL CHECK (tag_folded <> ''),
                PRIMARY KEY (source, bookmark_id, tag_folded)
            ) WITHOUT ROWID;
            """),
        Migration(id: 3, name: "trash of a source without its own", sql: """
            CREATE TABLE library_trash (
                source TEXT NOT NULL,
                id INTEGER NOT NULL,
                bookmark TEXT NOT NULL CHECK (json_valid(bookmark)),
                deleted_at REAL NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent')),
                PRIMARY KEY (source, id)
            ) WITHOUT ROWID;
            """),
        // The embedded store's bookmarks are read from the store: the copy goes, once. Nothing lives only in it: AI
        // metadata, dismissals and summaries are in their own tables (kept), the embedded source has its own trash
        // (`store_trash`), and every field of a row is the store's as it was read (the store has no favicon or preview
        // image, so those stayed NULL); a row whose id the store no longer has at all is a bookmark deleted for good.
        // Its sync state goes too: there is nothing to sync (a linkding server's copy, under its own key, stays).
        Migration(id: 4, name: "no copy of the embedded store's bookmarks", sql: """
            DELETE FROM library_bookmarks WHERE source = 'embedded';
            DELETE FROM library_sync_state WHERE source = 'embedded';
            """),
    ]
}
