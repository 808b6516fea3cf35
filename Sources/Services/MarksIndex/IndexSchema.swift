import SQLiteDatabase

/// The search index's tables in the shared `marks.sqlite`; migrations run under the namespace `index` and every
/// table starts with `index_`.
///
/// - `index_documents`: one row per bookmark (its id), the indexed text, the unread and archive flags and the
///   `content_hash` of the text the vector is computed from; `document_hash` covers every stored field, so an
///   unchanged bookmark is not rewritten.
/// - `index_tags`: linkding tags and AI tags, lower-cased, for the tag filter of both search legs.
/// - `index_fts`: FTS5 (`porter unicode61`) over title, tags, summary, description, notes and URL (with the domain);
///   its rowid is the bookmark id. External content (migration 5): the view `index_fts_source` over
///   `index_documents` gives its columns, so the text is stored once; written in the same transaction as the
///   document, by `FullTextWriter`.
/// - `index_vectors`: one vector BLOB per content hash, so unchanged text is never embedded twice and an
///   interrupted run resumes where it stopped (pending = documents whose hash has no vector of the right length).
///   The BLOB is a `QuantizedVector` (migration 4; Float32 before it): 388 bytes at 384 components. A rowid table,
///   so the vectors stay on their B-tree pages (a WITHOUT ROWID row of 1.5 KB spilt to overflow pages); since
///   migration 9 its rowid is the text's key (`ContentHash.key`), and every `content_hash` and `document_hash` column
///   holds such a 64-bit key (`TextKeyMigration`).
/// - `index_state`: a generation counter bumped by every write, so a process holding vectors in memory sees
///   another process's changes.
/// - `index_passages` (migration 2): a document's page text cut into passages for Ask — section `page` (the archived
///   page text, whose version is the document's `page_version`, or a source's own text) — with heading, page and
///   UTF-16 range; their vectors are in `index_vectors` by content hash. A document's fields (title, summary,
///   description, notes) are `fields` passages cut from its row when asked for, not stored (migration 6).
///   `index_passages_fts` is FTS5 over their text and heading, with `index_passages` as its external content
///   (kept in step by triggers), so the text is stored once.
/// - migration 7: over the embedded store, `text_in_store` rows keep no URL, title, description or notes: the store's
///   row has them, and `index_document_rows` (the view every reader of a document's text uses) reads them there
///   (`StoreOwnedText`).
enum IndexSchema {
    /// The migration namespace in `schema_migrations`.
    static let namespace = "index"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "index: documents, tags, full text, vectors", sql: """
            CREATE TABLE index_documents (
                bookmark_id INTEGER PRIMARY KEY,
                url TEXT NOT NULL,
                domain TEXT NOT NULL DEFAULT '',
                title TEXT NOT NULL DEFAULT '',
                description TEXT NOT NULL DEFAULT '',
                notes TEXT NOT NULL DEFAULT '',
                tag_names TEXT NOT NULL DEFAULT '',
                ai_summary TEXT,
                ai_tags TEXT NOT NULL DEFAULT '',
                unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
                archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
                date_added REAL NOT NULL,
                content_hash TEXT NOT NULL,
                document_hash TEXT NOT NULL
            );
            CREATE INDEX index_documents_hash ON index_documents (content_hash);
            CREATE INDEX index_documents_scope ON index_documents (archived, unread);

            CREATE TABLE index_tags (
                bookmark_id INTEGER NOT NULL REFERENCES index_documents (bookmark_id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                PRIMARY KEY (tag, bookmark_id)
            ) WITHOUT ROWID;
            CREATE INDEX index_tags_bookmark ON index_tags (bookmark_id);

            CREATE VIRTUAL TABLE index_fts USING fts5 (
                title, tags, summary, description, notes, url, tokenize = 'porter unicode61'
            );

            CREATE TABLE index_vectors (
                id INTEGER PRIMARY KEY,
                content_hash TEXT NOT NULL UNIQUE,
                vector BLOB NOT NULL
            );

            CREATE TABLE index_state (
                key TEXT PRIMARY KEY,
                value INTEGER NOT NULL
            ) WITHOUT ROWID;
            INSERT INTO index_state (key, value) VALUES ('generation', 0);
            """),
        Migration(id: 2, name: "index: passages", sql: """
            ALTER TABLE index_documents ADD COLUMN page_version TEXT;
            CREATE INDEX index_documents_url ON index_documents (url);

            CREATE TABLE index_passages (
                id INTEGER PRIMARY KEY,
                document_id INTEGER NOT NULL,
                section TEXT NOT NULL CHECK (section IN ('fields', 'page')),
                ordinal INTEGER NOT NULL CHECK (ordinal >= 0),
                heading TEXT NOT NULL DEFAULT '',
                page INTEGER CHECK (page IS NULL OR page >= 1),
                range_start INTEGER NOT NULL CHECK (range_start >= 0),
                range_end INTEGER NOT NULL CHECK (range_end >= range_start),
                text TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                UNIQUE (document_id, section, ordinal)
            );
            CREATE INDEX index_passages_hash ON index_passages (content_hash);

            CREATE VIRTUAL TABLE index_passages_fts USING fts5 (
                text, heading, content = 'index_passages', content_rowid = 'id', tokenize = 'porter unicode61'
            );
            CREATE TRIGGER index_passages_insert AFTER INSERT ON index_passages BEGIN
                INSERT INTO index_passages_fts (rowid, text, heading) VALUES (new.id, new.text, new.heading);
            END;
            CREATE TRIGGER index_passages_delete AFTER DELETE ON index_passages BEGIN
                INSERT INTO index_passages_fts (index_passages_fts, rowid, text, heading) VALUES ('delete', old.id, old.text, old.heading);
            END;
            """),
        // Inside a write that has touched a full-text table, every statement run with a statement journal (a
        // trigger makes one) makes each FTS5 table flush its pending terms to a new segment: the passage triggers
        // cost a flush per passage, over half of a 100k catch-up. `PassageWriter` writes the full-text rows itself.
        Migration(id: 3, name: "index: passages' full text written by the writer", sql: """
            DROP TRIGGER index_passages_insert;
            DROP TRIGGER index_passages_delete;
            """),
        // Float32 vectors (1,536 bytes at 384 components) become `QuantizedVector`s (388) in place, in this one
        // transaction, without embedding anything again: afterwards every reader meets one format. A BLOB that is not
        // a whole number of floats was damaged; it is dropped, so its text is embedded again.
        Migration(id: 4, name: "index: vectors quantised to a byte per component") { connection in
            // A page of rows at a time, read before any is rewritten (no write under an open scan of the table).
            let page = try connection.prepare("SELECT id, vector FROM index_vectors WHERE id > ? ORDER BY id LIMIT 1000")
            let update = try connection.prepare("UPDATE index_vectors SET vector = ? WHERE id = ?")
            let delete = try connection.prepare("DELETE FROM index_vectors WHERE id = ?")
            // From the lowest rowid: since migration 9 a vector's rowid is its text's key, negative for half of them (a
            // bench or a test that runs this again over such a table); before it every rowid was positive.
            var after = Int.min
            while true {
                try page.bind([.integer(Int64(after))])
                let rows = try page.rows().map { (id: try $0.int(at: 0), vector: QuantizedVector.fromFloat32(blob: try $0.blob(at: 1))) }
                page.reset()
                guard let last = rows.last else { break }
                for (id, vector) in rows {
                    if let vector {
                        try update.bind([.blob(vector.blob), .integer(Int64(id))])
                        try update.run()
                    } else {
                        try delete.bind([.integer(Int64(id))])
                        try delete.run()
                    }
                }
                after = last.id
            }
            // A process that holds the old rows in memory loads them again.
            try connection.run("UPDATE index_state SET value = value + 1 WHERE key = 'generation'")
        },
        // The full text's second copy goes: `index_fts` kept every column again in `index_fts_content` (52 MB at 100k
        // bookmarks). It becomes external content over `index_fts_source`, a view of `index_documents`, so BM25,
        // `snippet()` and 'rebuild' read the one row; `FullTextWriter` writes its rows from the view (the old values
        // for a 'delete' before a document changes, the new ones after), never through a trigger (see migration 3).
        Migration(id: 5, name: "index: full text over the documents' rows", sql: """
            DROP TABLE index_fts;
            CREATE VIEW index_fts_source AS SELECT bookmark_id, title, tag_names || char(10) || ai_tags AS tags,
                coalesce(ai_summary, '') AS summary, description, notes,
                CASE WHEN domain = url THEN url ELSE domain || ' ' || url END AS url
            FROM index_documents;
            CREATE VIRTUAL TABLE index_fts USING fts5 (
                title, tags, summary, description, notes, url,
                content = 'index_fts_source', content_rowid = 'bookmark_id', tokenize = 'porter unicode61'
            );
            INSERT INTO index_fts (index_fts) VALUES ('rebuild');
            """),
        // A bookmark's fields were stored a third time as `fields` passages (51 MB and their full text at 100k
        // bookmarks). They are cut from the document's row when asked for (`IndexedDocument.fieldPassages`, the same
        // splitter, so ordinals and ranges stay) and found through `index_fts` and the document's vector; the rows go,
        // with the vectors only they used (a long text's own passages), and the passages' full text is rebuilt from
        // the `page` passages that stay ('delete' per row would leave the old terms' tombstones in its segments).
        Migration(id: 6, name: "index: a document's fields are not stored as passages", sql: """
            DELETE FROM index_vectors WHERE content_hash IN (SELECT content_hash FROM index_passages WHERE section = 'fields')
                AND content_hash NOT IN (SELECT content_hash FROM index_documents)
                AND content_hash NOT IN (SELECT content_hash FROM index_passages WHERE section = 'page');
            DELETE FROM index_passages WHERE section = 'fields';
            INSERT INTO index_passages_fts (index_passages_fts) VALUES ('rebuild');
            UPDATE index_state SET value = value + 1 WHERE key = 'generation';
            """),
        // Over the embedded store a bookmark's URL, title, description and notes stay in the store's row alone
        // (`StoreOwnedText`, which also makes `index_document_rows` and the full text's view over it when the index
        // opens). The URL index keeps only the rows that hold a URL of their own.
        Migration(id: 7, name: "index: a bookmark's text read from the store's row", sql: """
            ALTER TABLE index_documents ADD COLUMN text_in_store INTEGER NOT NULL DEFAULT 0 CHECK (text_in_store IN (0, 1));
            DROP INDEX index_documents_url;
            CREATE INDEX index_documents_url ON index_documents (url) WHERE url <> '';
            """),
        // The archive's texts are read into other blocks (a table row is now one block, not a block per cell): every
        // page's passages are cut again at the next catch-up (`marks serve` runs it at start; `marks index` and a
        // semantic search or Ask at the terminal first), each passage whose text did not change keeping its vector.
        Migration(id: 8, name: "index: archived pages cut into passages again", sql: """
            INSERT INTO index_state (key, value) SELECT 'behind', 1 WHERE EXISTS (SELECT 1 FROM index_documents WHERE page_version IS NOT NULL)
            ON CONFLICT (key) DO UPDATE SET value = value + 1;
            UPDATE index_documents SET page_version = NULL WHERE page_version IS NOT NULL;
            """),
        // The text fingerprints become 64-bit integers (`ContentHash.key`) in place of 32 hex digits: `index_documents`'
        // two hashes, the passages' hash, and `index_vectors`, now keyed by the text's key as its rowid (no hash column
        // and no UNIQUE index of its own beside it: about 15 MB at 100k bookmarks). Nothing is embedded again.
        Migration(id: 9, name: "index: text fingerprints as 64-bit keys") { connection in try TextKeyMigration.run(connection) },
    ]
}
