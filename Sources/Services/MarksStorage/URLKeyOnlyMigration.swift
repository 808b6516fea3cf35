import SQLiteDatabase

/// Store migration 10: `url_normalized` is dropped from `store_bookmarks` and `store_trash` (issue 36: 3.7 MB at 100k
/// bookmarks). Since migration 9 nothing looked a bookmark up by it: `StoreURLIdentity` reads the rows under a URL's
/// key (`url_key`) and compares their `url`, normalised now, with the URL asked for. What the column still carried is
/// which key a row is filed under, and `url_key` carries exactly that, so it is kept as stored, never recomputed.
///
/// That matters for a bookmark migration 5 kept apart from its twin: its stored normalised URL is the old rule's, not
/// today's, and its key is that old URL's. Recomputing it would file it under today's key beside the twin, and a
/// lookup, which takes the first row by id, would find whichever of the two is older, not the one migration 5 gave the
/// URL. Kept as stored, every lookup finds what it found before, and both bookmarks stay.
///
/// The trash keeps a row's key in place of its normalised URL (`url_key`, the key of the normalised URL it held, as
/// its bookmark's was): a restore files the bookmark under the key it had and refuses it when a bookmark under that
/// key has the same URL, normalised — for every row migration 5 did not keep apart, the very check it made before. The
/// column is added with a default only because SQLite adds a NOT NULL column no other way; every row is given its key
/// here, and every write gives one.
///
/// `ALTER TABLE … DROP COLUMN` keeps the table, its ids, AUTOINCREMENT's counter, its indexes and its triggers (no
/// index, trigger or view in the file refers to the column, the search index's over `store_bookmarks` included;
/// SQLite checks every one of them and fails the migration if one did). It rewrites every row in place, shorter, but
/// merges none of the pages it leaves less full: a data directory it migrates keeps its pages (at 100k bookmarks
/// `store_bookmarks` stays 55.1 MB, 51.4 after a `VACUUM`), where a library written since takes 51.0. The rows of a
/// store rebuilt as migration 9 did would be packed, at the cost of making every index and trigger again.
enum URLKeyOnlyMigration {
    static func run(_ db: Connection) throws {
        try db.define(URLKeyMigration.keyFunction)
        try db.execute("""
            ALTER TABLE store_trash ADD COLUMN url_key INTEGER NOT NULL DEFAULT 0;
            UPDATE store_trash SET url_key = \(URLKeyMigration.keyFunction.name)(url_normalized);
            ALTER TABLE store_trash DROP COLUMN url_normalized;
            ALTER TABLE store_bookmarks DROP COLUMN url_normalized;
            """)
    }
}
