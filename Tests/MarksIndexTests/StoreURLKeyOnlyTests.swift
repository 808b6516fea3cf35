import Foundation
import MarksCore
@testable import MarksIndex
@testable import MarksStorage
import MarksTestSupport
import SQLiteDatabase
import Testing

/// Store migration 10 (`URLKeyOnlyMigration`) under the search index: `ALTER TABLE … DROP COLUMN` checks every view and
/// trigger in the file, and the index's views over `store_bookmarks` and its triggers on it are there when the store
/// migrates a data directory. The column goes, and the index keeps reading the store's rows and following its writes.
@Suite struct StoreURLKeyOnlyTests {
    @Test func theIndexOverTheStoreKeepsWorkingWhenTheNormalisedURLIsDropped() throws {
        let directory = try TemporaryDirectory(prefix: "marks-url-key-only")
        defer { directory.cleanUp() }
        let path = directory.file("marks.sqlite").path
        var saved: [Bookmark] = []
        do {
            // The store at migration 9 with three bookmarks, and today's index over it, holding no text of its own.
            let database = try Database(path: path)
            try database.define(WordTerms.function)  // the store's word index triggers call it
            try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(9)))
            try database.write { db in
                for (i, (url, title)) in [("https://geo.example/volcanoes", "Volcano field guide"),
                                          ("https://geo.example:443/glaciers/", "Glacier atlas"),
                                          ("https://bread.example/rye", "Rye sourdough")].enumerated() {
                    let normalized = URLNormalizer.normalize(url)
                    _ = try db.run("""
                        INSERT INTO store_bookmarks (url, url_normalized, url_key, title, description, date_added, date_modified)
                        VALUES (?, ?, ?, ?, 'about calderas and ice', ?, ?)
                        """, [.text(url), .text(normalized), .integer(URLKey.of(normalized: normalized)), .text(title),
                              .integer(Int64(i)), .integer(Int64(i))])
                }
                saved = try BookmarkRows.load(ids: [1, 2, 3], db)
            }
            let index = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension, textsInStore: true)
            try index.upsert(saved)
            let inStore = try database.read { try $0.queryOne("SELECT sum(text_in_store) FROM index_documents")?.int(at: 0) }
            #expect(inStore == 3)
        }

        let database = try Database(path: path)
        let store = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let index = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension, textsInStore: true)
        let (columns, made) = try database.read { connection in
            (try connection.query("SELECT name FROM pragma_table_info('store_bookmarks')").map { try $0.string(at: 0) },
             try connection.query("""
                 SELECT name FROM sqlite_schema WHERE name LIKE 'index\\_store\\_%' ESCAPE '\\'
                     OR name IN ('index_document_rows', 'index_fts_source')
                 """).count)
        }
        #expect(!columns.contains("url_normalized") && columns.contains("url_key"))
        #expect(made == 6, "the index's views and triggers are still there")
        func consistent() throws {
            try database.write { _ = try $0.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)") }
        }
        try consistent()
        #expect(try index.keywordSearch("glacier", limit: 5).map(\.bookmarkID) == [saved[1].id])
        #expect(try index.documentIDs(url: "https://geo.example/volcanoes") == [saved[0].id])
        #expect(try store.bookmark(matching: "https://geo.example/glaciers")?.id == saved[1].id)

        // The store's writes reach the index through its triggers: an edit, a delete, a restore.
        _ = try store.update(id: saved[2].id, BookmarkUpdate(title: "Rye and spelt"))
        #expect(try index.keywordSearch("spelt", limit: 5).map(\.bookmarkID) == [saved[2].id])
        try consistent()
        try store.delete(id: saved[0].id)
        try consistent()
        #expect(try store.restore(id: saved[0].id).url == "https://geo.example/volcanoes")
        try consistent()
        #expect(try index.keywordSearch("volcano", limit: 5).map(\.bookmarkID) == [saved[0].id])
    }
}
