import SQLiteDatabase

/// The saved smart collections' tables in the shared `marks.sqlite` (migration namespace `collections`).
///
/// `collections`: one row per collection, with the id its URL carries (`/collections/<id>`; AUTOINCREMENT, so an id is
/// never given again), its name (`renamed` when the person chose it: a refresh keeps it) and where it sits in the
/// list. `collection_members`: its bookmarks in order. `collection_removed`: bookmarks the person took out of a
/// collection, which no refresh puts back. `collection_state`: the search index generation the last refresh read.
enum CollectionSchema {
    static let namespace = "collections"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "collections: saved smart collections", sql: """
            CREATE TABLE collections (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 200),
                description TEXT NOT NULL DEFAULT '',
                renamed INTEGER NOT NULL DEFAULT 0 CHECK (renamed IN (0, 1)),
                position INTEGER NOT NULL,
                made_at REAL NOT NULL
            );
            CREATE TABLE collection_members (
                collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
                bookmark_id INTEGER NOT NULL,
                position INTEGER NOT NULL,
                PRIMARY KEY (collection_id, bookmark_id)
            ) WITHOUT ROWID;
            CREATE INDEX collection_members_bookmark ON collection_members (bookmark_id);
            CREATE TABLE collection_removed (
                collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
                bookmark_id INTEGER NOT NULL,
                PRIMARY KEY (collection_id, bookmark_id)
            ) WITHOUT ROWID;
            CREATE TABLE collection_state (
                key TEXT PRIMARY KEY,
                value INTEGER NOT NULL
            ) WITHOUT ROWID;
            """),
    ]
}
