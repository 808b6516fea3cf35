import SQLiteDatabase

/// The page-text archive's table in the shared `marks.sqlite` (migration namespace `archive`).
///
/// `archive_pages`: one row per bookmarked URL that was fetched — its readable article as sanitised tokens (the
/// structure the reader shows and passages are cut from: headings, paragraphs, lists, quotes, tables), or why it
/// could not be read, with the attempts so far and when a failed page may be tried again (NULL: not by itself).
enum PageArchiveSchema {
    static let namespace = "archive"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "archive: page texts", sql: """
            CREATE TABLE archive_pages (
                id INTEGER PRIMARY KEY,
                url TEXT NOT NULL UNIQUE,
                state TEXT NOT NULL CHECK (state IN ('stored', 'failed')),
                final_url TEXT,
                title TEXT,
                content TEXT CHECK ((state = 'stored') = (content IS NOT NULL)),
                word_count INTEGER NOT NULL DEFAULT 0 CHECK (word_count >= 0),
                error TEXT CHECK ((state = 'failed') = (error IS NOT NULL)),
                attempts INTEGER NOT NULL DEFAULT 1 CHECK (attempts >= 1),
                fetched_at REAL NOT NULL,
                retry_after REAL
            );
            CREATE INDEX archive_pages_state ON archive_pages (state, retry_after);
            """),
    ]
}
