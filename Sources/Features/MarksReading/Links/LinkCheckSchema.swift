import SQLiteDatabase

/// The link check's table in the shared `marks.sqlite` (migration namespace `links`), keyed by URL so it serves any
/// bookmark source (linkding or the embedded store) and never writes into one.
///
/// `link_checks`: the last check of each bookmarked URL — its status (`ok`, `broken`, `moved`, `unknown`), the reason
/// or new address (`detail`, NULL only when ok), the final HTTP status (NULL when nothing answered), where the
/// redirects ended, and when it was checked.
enum LinkCheckSchema {
    static let namespace = "links"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "links: the last check of each bookmarked URL", sql: """
            CREATE TABLE link_checks (
                url TEXT PRIMARY KEY,
                status TEXT NOT NULL CHECK (status IN ('ok', 'broken', 'moved', 'unknown')),
                detail TEXT CHECK ((status = 'ok') = (detail IS NULL)),
                http_status INTEGER CHECK (http_status BETWEEN 100 AND 599),
                final_url TEXT,
                checked_at REAL NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX link_checks_status ON link_checks (status, checked_at);
            """),
    ]
}
