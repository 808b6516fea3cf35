import SQLiteDatabase

/// The web sign-in's tables in the shared `marks.sqlite`; migrations run under the namespace `web_auth`.
/// `marks serve` and `marks signin-link` share them, so a running server accepts a link the CLI minted.
///
/// - `web_sessions`: one row per signed-in browser. The cookie carries the id (signed); a row deleted is a
///   session ended, whatever the cookie says. Times are seconds since 1970.
/// - `web_signin_links`: one row per unused sign-in link, by the SHA-256 of its token; redeeming deletes it.
enum WebAuthSchema {
    /// The migration namespace in `schema_migrations`.
    static let namespace = "web_auth"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "web auth: sessions and one-time sign-in links", sql: """
            CREATE TABLE web_sessions (
                id TEXT PRIMARY KEY CHECK (length(id) >= 16),
                created_at REAL NOT NULL,
                last_seen_at REAL NOT NULL,
                expires_at REAL NOT NULL,
                device TEXT NOT NULL DEFAULT '',
                CHECK (last_seen_at >= created_at AND expires_at > created_at)
            );
            CREATE TABLE web_signin_links (
                token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
                created_at REAL NOT NULL,
                expires_at REAL NOT NULL CHECK (expires_at > created_at)
            );
            CREATE INDEX web_signin_links_expiry ON web_signin_links (expires_at);
            """),
    ]
}
