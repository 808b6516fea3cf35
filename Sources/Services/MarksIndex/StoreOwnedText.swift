import SQLiteDatabase

/// A bookmark's text kept once (issue 36, item 1): over the embedded store, whose `store_bookmarks` row in the same
/// database already holds the URL, title, description and notes, the index's row keeps none of them. Its
/// `text_in_store` is 1 and those four columns are empty; `index_document_rows` (a view) reads them from the store
/// and gives every reader the documents as `index_documents` gave them before, and `index_fts_source` (the full
/// text's external content) reads that view.
///
/// The full text must hold exactly the terms of what the view gives, and FTS5 takes a document's terms out only with
/// the values they went in with. So every change to what the view gives is bracketed: the terms out as the view
/// gives them before, in as it gives them after. The index's own writes do it (`FullTextWriter`); the store's writes
/// to an adopted bookmark's text, its deletion and its re-insertion (a restore from the trash) do it through the
/// triggers below, which the index owns and creates on the store's table (the index depends on the store's schema,
/// never the other way). A bookmark whose store row differs from the document the index is given (the store moved on
/// since, or another source) keeps its own copy (`text_in_store` 0) until a document that matches comes.
enum StoreOwnedText {
    /// The store's table of bookmarks, when it is in this database.
    static func storeIsPresent(_ connection: Connection) throws -> Bool {
        try connection.queryOne("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'store_bookmarks'") != nil
    }

    /// Creates or updates the views and the store's triggers to fit this database (with or without the store), and,
    /// when `adopt` and the store is here, lets the store hold the text of every document that matches its row.
    /// Nothing is written when everything is already in place. Returns whether the store is in this database.
    static func prepare(_ database: Database, adopt: Bool) throws -> Bool {
        let (present, current, adopted) = try database.read { connection in
            let present = try storeIsPresent(connection)
            let schema = try Dictionary(connection.query("""
                SELECT name, sql FROM sqlite_schema WHERE name IN ('index_document_rows', 'index_fts_source')
                    OR (type = 'trigger' AND name LIKE 'index\\_store\\_%' ESCAPE '\\')
                """).map { (try $0.string(at: 0), try $0.string(at: 1)) }, uniquingKeysWith: { first, _ in first })
            let adopted = try connection.queryOne("SELECT value FROM index_state WHERE key = 'texts_in_store'") != nil
            return (present, schema, adopted)
        }
        let wanted = schema(storeIsPresent: present)
        let adopting = adopt && present && !adopted
        guard current != wanted || adopting else { return present }
        try database.write { connection in
            for (name, _) in current where wanted[name] == nil {
                try connection.execute("DROP TRIGGER IF EXISTS \(name)")
            }
            for name in ["index_document_rows", "index_fts_source"] where current[name] != wanted[name] {
                try connection.execute("DROP VIEW IF EXISTS \(name); \(wanted[name] ?? "")")
            }
            for (name, sql) in wanted where name.hasPrefix("index_store_") && current[name] != sql {
                try connection.execute("DROP TRIGGER IF EXISTS \(name); \(sql)")
            }
            guard adopting else { return }
            // What the view gives does not change (the store's row holds the very text), so the full text stays as is.
            try connection.execute("""
                UPDATE index_documents SET text_in_store = 1, url = '', title = '', description = '', notes = ''
                WHERE text_in_store = 0 AND bookmark_id > 0 AND EXISTS (
                    SELECT 1 FROM store_bookmarks s WHERE s.id = index_documents.bookmark_id AND s.url = index_documents.url
                        AND s.title = index_documents.title AND s.description = index_documents.description
                        AND s.notes = index_documents.notes);
                INSERT OR REPLACE INTO index_state (key, value) VALUES ('texts_in_store', 1);
                """)
        }
        return present
    }

    /// The views and triggers this database needs, by name (the SQL as SQLite keeps it in `sqlite_schema`).
    static func schema(storeIsPresent: Bool) -> [String: String] {
        var schema = ["index_fts_source": ftsSource, "index_document_rows": storeIsPresent ? rowsOverStore : rowsAlone]
        guard storeIsPresent else { return schema }
        let adopted = "EXISTS (SELECT 1 FROM index_documents WHERE bookmark_id = %@.id AND text_in_store = 1)"
        let changed = "(old.url IS NOT new.url OR old.title IS NOT new.title OR old.description IS NOT new.description"
            + " OR old.notes IS NOT new.notes)"
        func trigger(_ name: String, _ when: String, _ row: String, _ condition: String, _ body: String) -> String {
            "CREATE TRIGGER \(name) \(when) ON store_bookmarks WHEN \(condition) BEGIN \(body.replacingOccurrences(of: "%@", with: row)) END"
        }
        let terms = "title, tags, summary, description, notes, url"
        let out = "INSERT INTO index_fts (index_fts, rowid, \(terms)) SELECT 'delete', bookmark_id, \(terms) FROM index_fts_source WHERE bookmark_id = %@.id;"
        let into = "INSERT INTO index_fts (rowid, \(terms)) SELECT bookmark_id, \(terms) FROM index_fts_source WHERE bookmark_id = %@.id;"
        let onOld = adopted.replacingOccurrences(of: "%@", with: "old")
        let onNew = adopted.replacingOccurrences(of: "%@", with: "new")
        schema["index_store_text_before_update"] = trigger("index_store_text_before_update",
            "BEFORE UPDATE OF url, title, description, notes", "old", "\(changed) AND \(onOld)", out)
        schema["index_store_text_after_update"] = trigger("index_store_text_after_update",
            "AFTER UPDATE OF url, title, description, notes", "new", "\(changed) AND \(onNew)", into)
        schema["index_store_text_before_delete"] = trigger("index_store_text_before_delete", "BEFORE DELETE", "old", onOld, out)
        schema["index_store_text_after_insert"] = trigger("index_store_text_after_insert", "AFTER INSERT", "new", onNew, into)
        return schema
    }

    /// The documents as rows, each column under the name `index_documents` gives it, the text from the store's row when
    /// the store holds it (a document whose store row is gone is not there until the index removes it).
    static let rowsOverStore = """
        CREATE VIEW index_document_rows AS SELECT d.bookmark_id,
            CASE WHEN d.text_in_store THEN s.url ELSE d.url END AS url, d.domain,
            CASE WHEN d.text_in_store THEN s.title ELSE d.title END AS title,
            CASE WHEN d.text_in_store THEN s.description ELSE d.description END AS description,
            CASE WHEN d.text_in_store THEN s.notes ELSE d.notes END AS notes,
            d.tag_names, d.ai_summary, d.ai_tags, d.unread, d.archived, d.date_added, d.content_hash, d.document_hash,
            d.page_version, d.text_in_store
        FROM index_documents d LEFT JOIN store_bookmarks s ON d.text_in_store AND s.id = d.bookmark_id
        WHERE NOT d.text_in_store OR s.id IS NOT NULL
        """

    /// Without the store in this database (a file of its own, or a linkding server's library) every row holds its text.
    static let rowsAlone = """
        CREATE VIEW index_document_rows AS SELECT bookmark_id, url, domain, title, description, notes, tag_names,
            ai_summary, ai_tags, unread, archived, date_added, content_hash, document_hash, page_version, text_in_store
        FROM index_documents WHERE NOT text_in_store
        """

    /// The full text's columns (index migration 5's view, now over the rows).
    static let ftsSource = """
        CREATE VIEW index_fts_source AS SELECT bookmark_id, title, tag_names || char(10) || ai_tags AS tags,
            coalesce(ai_summary, '') AS summary, description, notes,
            CASE WHEN domain = url THEN url ELSE domain || ' ' || url END AS url
        FROM index_document_rows
        """
}
