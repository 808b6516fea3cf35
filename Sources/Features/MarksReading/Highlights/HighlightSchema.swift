import SQLiteDatabase

/// The highlights' table in the shared `marks.sqlite` (migration namespace `highlights`), for every bookmark source
/// (linkding has no highlights API) and for documents: `highlights`, one row per highlight, keyed either to its bookmark
/// by source, id and address, or to its document by id (`document_id`, the document's UUID in lower case) — the
/// schema allows exactly one of the two; the quote, its context and the note are bounded here as in `HighlightDraft`.
enum HighlightSchema {
    static let namespace = "highlights"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "highlights: quotes and notes", sql: """
            CREATE TABLE highlights (
                id INTEGER PRIMARY KEY,
                source TEXT NOT NULL,
                bookmark_id INTEGER NOT NULL CHECK (bookmark_id > 0),
                url TEXT NOT NULL,
                quote TEXT NOT NULL CHECK (length(trim(quote)) > 0 AND length(quote) <= 5000),
                prefix TEXT NOT NULL DEFAULT '' CHECK (length(prefix) <= 200),
                suffix TEXT NOT NULL DEFAULT '' CHECK (length(suffix) <= 200),
                note TEXT CHECK (note IS NULL OR (length(note) BETWEEN 1 AND 10000)),
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL
            );
            CREATE INDEX highlights_bookmark ON highlights (source, bookmark_id, id);
            CREATE INDEX highlights_newest ON highlights (source, created_at DESC, id DESC);
            """),
        Migration(id: 2, name: "highlights: by page", sql: "CREATE INDEX highlights_url ON highlights (url, id);"),
        // SQLite cannot relax NOT NULL in place: the table is copied into its new shape (ids kept) in the migration's
        // one transaction.
        Migration(id: 3, name: "highlights: on documents too", sql: """
            CREATE TABLE highlights_new (
                id INTEGER PRIMARY KEY,
                source TEXT,
                bookmark_id INTEGER CHECK (bookmark_id > 0),
                url TEXT,
                document_id TEXT CHECK (document_id IS NULL OR (length(document_id) = 36 AND document_id = lower(document_id))),
                quote TEXT NOT NULL CHECK (length(trim(quote)) > 0 AND length(quote) <= 5000),
                prefix TEXT NOT NULL DEFAULT '' CHECK (length(prefix) <= 200),
                suffix TEXT NOT NULL DEFAULT '' CHECK (length(suffix) <= 200),
                note TEXT CHECK (note IS NULL OR (length(note) BETWEEN 1 AND 10000)),
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                CHECK ((source IS NULL) = (bookmark_id IS NULL) AND (source IS NULL) = (url IS NULL)),
                CHECK ((bookmark_id IS NULL) <> (document_id IS NULL))
            );
            INSERT INTO highlights_new (id, source, bookmark_id, url, quote, prefix, suffix, note, created_at, updated_at)
                SELECT id, source, bookmark_id, url, quote, prefix, suffix, note, created_at, updated_at FROM highlights;
            DROP TABLE highlights;
            ALTER TABLE highlights_new RENAME TO highlights;
            CREATE INDEX highlights_bookmark ON highlights (source, bookmark_id, id);
            CREATE INDEX highlights_newest ON highlights (created_at DESC, id DESC);
            CREATE INDEX highlights_url ON highlights (url, id);
            CREATE INDEX highlights_document ON highlights (document_id, id) WHERE document_id IS NOT NULL;
            """),
    ]
}
