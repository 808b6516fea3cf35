import SQLiteDatabase

/// The sources' tables in the shared `marks.sqlite` (namespace `sources`):
/// - `sources`: one row per source (the original's name is metadata only; on disk it is `files/<uuid>/original`);
///   `sha256` is unique, so the same content is never stored twice; a deleted source keeps its row with
///   `deleted_at` (the trash) until it is purged.
/// - `source_pages`: a PDF's extracted text page by page.
/// - `sources_fts`: FTS5 (`porter unicode61`) over title, tags, text and original filename of live sources; its
///   rowid is the source's `id`.
/// Append migrations; never edit a shipped one.
enum DocumentSchema {
    static let namespace = "sources"

    static let migrations: [Migration] = [
        Migration(id: 1, name: "sources, their pages, full text", sql: """
            CREATE TABLE sources (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uuid TEXT NOT NULL UNIQUE CHECK (length(uuid) = 36),
                kind TEXT NOT NULL CHECK (kind IN ('text', 'pdf', 'file')),
                title TEXT NOT NULL,
                tags TEXT NOT NULL CHECK (json_valid(tags) AND json_type(tags) = 'array'),
                body TEXT NOT NULL,
                text_length INTEGER NOT NULL CHECK (text_length >= 0),
                original_filename TEXT,
                media_type TEXT,
                byte_size INTEGER NOT NULL CHECK (byte_size >= 0),
                sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
                page_count INTEGER CHECK (page_count IS NULL OR page_count >= 0),
                extraction_note TEXT,
                created_at REAL NOT NULL,
                modified_at REAL NOT NULL,
                deleted_at REAL,
                CHECK ((kind = 'text') = (original_filename IS NULL))
            );
            CREATE INDEX sources_by_created ON sources (deleted_at, created_at DESC);

            CREATE TABLE source_pages (
                source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
                page INTEGER NOT NULL CHECK (page >= 1),
                text TEXT NOT NULL,
                PRIMARY KEY (source_id, page)
            ) WITHOUT ROWID;

            CREATE VIRTUAL TABLE sources_fts USING fts5 (title, tags, body, filename, tokenize = 'porter unicode61');
            """),
    ]
}
