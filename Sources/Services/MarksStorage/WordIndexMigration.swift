import SQLiteDatabase

/// Store migration 6: the word-level index replaces the trigram index.
///
/// - `store_words`: a contentless FTS5 index of each bookmark's text (`WordTerms.body`) with FTS5's `ascii` tokenizer,
///   `detail=none` and no column sizes: one doclist of bookmark ids per term, nothing else (about 5 MB for 100k
///   bookmarks where the trigram index took 75 MB). Its rowid is the bookmark id, negated while archived, as the
///   trigram index's was.
/// - `store_terms`: the vocabulary, every term the index has held, and how many bookmarks hold each (`docs`, for
///   planning only), kept by the same triggers through `store_word_terms`; with `store_terms_trigrams`, a trigram index over it, so the terms containing a search word
///   are found without reading the index's own vocabulary (FTS5's `fts5vocab` reads every doclist: ~100 ms).
///
/// A search word made of term characters only occurs inside one term, so its matches are exactly the union of the
/// doclists of the terms containing it (`SearchPlanner`); other words use those of their runs as candidates.
enum WordIndexMigration {
    static let insertTrigger = "store_words_insert"
    static let termsTrigger = "store_terms_trigrams_insert"

    static func run(_ db: Connection) throws {
        try db.execute("""
            DROP TRIGGER IF EXISTS store_bookmarks_fts_insert;
            DROP TRIGGER IF EXISTS store_bookmarks_fts_delete;
            DROP TRIGGER IF EXISTS store_bookmarks_fts_update;
            DROP TABLE IF EXISTS store_bookmarks_fts;

            CREATE VIRTUAL TABLE store_words USING fts5 (
                body, content = '', detail = none, columnsize = 0, tokenize = 'ascii'
            );
            CREATE TABLE store_terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE, docs INTEGER NOT NULL DEFAULT 0);
            CREATE VIRTUAL TABLE store_terms_trigrams USING fts5 (
                term, content = 'store_terms', content_rowid = 'id', detail = none, columnsize = 0,
                tokenize = 'trigram case_sensitive 1'
            );
            """)
        try indexBookmarks(from: 1, db)
        try addAllIndexedTerms(db)
        try indexTerms(from: 1, db)
        try db.execute("""
            CREATE TRIGGER \(termsTrigger) AFTER INSERT ON store_terms BEGIN
                INSERT INTO store_terms_trigrams (rowid, term) VALUES (new.id, new.term);
            END;
            CREATE TRIGGER \(insertTrigger) AFTER INSERT ON store_bookmarks BEGIN
                INSERT INTO store_words (rowid, body) VALUES (\(rowid("new")), \(WordTerms.body("new")));
                \(termsInsert("new"))
            END;
            CREATE TRIGGER store_words_delete AFTER DELETE ON store_bookmarks BEGIN
                INSERT INTO store_words (store_words, rowid, body) VALUES ('delete', \(rowid("old")), \(WordTerms.body("old")));
                \(termsRemove("old"))
            END;
            CREATE TRIGGER store_words_update AFTER UPDATE OF title, description, notes, url, is_archived ON store_bookmarks BEGIN
                INSERT INTO store_words (store_words, rowid, body) VALUES ('delete', \(rowid("old")), \(WordTerms.body("old")));
                INSERT INTO store_words (rowid, body) VALUES (\(rowid("new")), \(WordTerms.body("new")));
                \(termsRemove("old"))
                \(termsInsert("new"))
            END;
            """)
    }

    /// Indexes the bookmarks whose id is `first` or more, as the insert trigger would, in rowid order: archived ones
    /// (negative rowids) newest first, then the others oldest first. FTS5 writes its pending doclists out whenever a
    /// rowid is not larger than the last one, so an unordered insert costs a segment per archived bookmark.
    static func indexBookmarks(from first: Int, _ db: Connection) throws {
        for (archived, order) in [(1, "DESC"), (0, "ASC")] {
            try db.run("""
                INSERT INTO store_words (rowid, body)
                SELECT \(rowid("b")), \(WordTerms.body("b")) FROM store_bookmarks b
                WHERE b.id >= ? AND b.is_archived = ? ORDER BY b.id \(order)
                """, [SQLValue(first), SQLValue(archived)])
        }
    }

    /// Adds to the vocabulary every term the index holds, with its exact count (reads all its doclists once: for bulk
    /// writes).
    static func addAllIndexedTerms(_ db: Connection) throws {
        try db.execute("""
            CREATE VIRTUAL TABLE temp.store_words_vocabulary USING fts5vocab(main, store_words, row);
            INSERT INTO store_terms (term, docs) SELECT term, doc FROM temp.store_words_vocabulary WHERE true
                ON CONFLICT (term) DO UPDATE SET docs = excluded.docs;
            DROP TABLE temp.store_words_vocabulary;
            """)
    }

    /// Indexes the trigrams of the terms whose id is `first` or more, as the terms' insert trigger would.
    static func indexTerms(from first: Int, _ db: Connection) throws {
        try db.run("INSERT INTO store_terms_trigrams (rowid, term) SELECT id, term FROM store_terms WHERE id >= ? ORDER BY id",
                   [SQLValue(first)])
    }

    /// Adds to the vocabulary the terms of the bookmarks whose id is `first` or more (for a few rows).
    static func addTerms(from first: Int, _ db: Connection) throws {
        try db.run("""
            INSERT INTO store_terms (term, docs)
            SELECT j.value, 1 FROM store_bookmarks b, json_each(store_word_terms(\(WordTerms.body("b")))) j WHERE b.id >= ?
            ON CONFLICT (term) DO UPDATE SET docs = docs + 1
            """, [SQLValue(first)])
    }

    private static func rowid(_ row: String) -> String {
        "CASE WHEN \(row).is_archived THEN -\(row).id ELSE \(row).id END"
    }

    private static func termsInsert(_ row: String) -> String {
        """
        INSERT INTO store_terms (term, docs) SELECT value, 1 FROM json_each(store_word_terms(\(WordTerms.body(row)))) WHERE true
            ON CONFLICT (term) DO UPDATE SET docs = docs + 1;
        """
    }

    private static func termsRemove(_ row: String) -> String {
        """
        UPDATE store_terms SET docs = max(docs - 1, 0)
            WHERE term IN (SELECT value FROM json_each(store_word_terms(\(WordTerms.body(row)))));
        """
    }
}
