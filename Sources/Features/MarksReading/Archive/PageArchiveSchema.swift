import SQLiteDatabase

/// The page-text archive's table in the shared `marks.sqlite` (migration namespace `archive`).
///
/// `archive_pages`: one row per bookmarked URL that was fetched — its readable article as sanitised tokens (the
/// structure the reader shows and passages are cut from: headings, paragraphs, lists, quotes, tables), or why it
/// could not be read, with the attempts so far and when a failed page may be tried again (NULL: not by itself).
/// `archive_image_sizes`: the pixel size of each article image the reader's proxy served, by its address, so the
/// reader sizes it before it loads.
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
        Migration(id: 2, name: "archive: image sizes the reader's proxy learnt", sql: """
            CREATE TABLE archive_image_sizes (
                url TEXT PRIMARY KEY,
                width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 100000),
                height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 100000)
            ) WITHOUT ROWID;
            """),
    ]
}
