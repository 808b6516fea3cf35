import SQLiteDatabase

/// The favicon table in `marks.sqlite` (namespace `favicons`): one row per site (`host` or `host:port`), either
/// the icon found (its checked type, bytes and ETag) or the fact that none was found, with when. Append
/// migrations; never edit a shipped one.
enum FaviconSchema {
    static let namespace = "favicons"

    static let migrations: [Migration] = [
        Migration(id: 1, name: "favicons by site", sql: """
            CREATE TABLE favicons (
                site TEXT PRIMARY KEY,
                state TEXT NOT NULL CHECK (state IN ('found', 'missing')),
                content_type TEXT,
                data BLOB,
                etag TEXT,
                reason TEXT,
                fetched_at REAL NOT NULL,
                CHECK ((state = 'found') = (content_type IS NOT NULL AND data IS NOT NULL AND etag IS NOT NULL))
            ) WITHOUT ROWID;
            """),
    ]
}
