import SQLiteDatabase

/// The highlights' table in the shared `marks.sqlite` (migration namespace `highlights`), for every bookmark source
/// (linkding has no highlights API): `highlights`, one row per highlight, keyed to its bookmark by source and id; the
/// quote, its context and the note are bounded here as in `HighlightDraft`.
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
    ]
}
