import Foundation
import MarksCore
@testable import MarksIndex
import MarksStorage
import MarksTestSupport
import SQLiteDatabase
import Testing

/// Index migration 9 (`TextKeyMigration`): a data directory of today's main, with its fingerprints as hex digits, comes
/// over to 64-bit keys with every vector kept under its text, nothing embedded again but the text without a vector
/// (and one whose stored fingerprint was damaged), every unchanged document still unchanged, and the full text, the
/// views and the store's triggers working as before.
@Suite struct TextKeyMigrationTests {
    static let page = [PassageBlock(.paragraph, "Sourdough needs a starter fed with rye flour every day.")]

    @Test func aDataDirectoryWithHexFingerprintsKeepsItsVectorsUnderIntegerKeys() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-text-keys")
        defer { directory.cleanUp() }
        let path = directory.file("marks.sqlite").path
        var saved: [Bookmark] = []
        do {
            // Today's main: the store, the index through migration 8, its views and triggers, fingerprints in hex.
            let database = try Database(path: path)
            let store = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
            for (title, description) in [("Volcanoes", "Lava and ash from the crater."), ("Bread", "Baking at home."),
                                         ("Quokkas", "Small marsupials of Rottnest."), ("Glaciers", "Ice that flows.")] {
                saved.append(try store.create(BookmarkDraft(url: "https://notes.example/\(saved.count)", title: title,
                                                           description: description, tagNames: ["nature"])))
            }
            try database.migrate(namespace: IndexSchema.namespace, Array(IndexSchema.migrations.prefix(8)))
            try database.write { connection in
                for bookmark in saved {
                    let document = IndexedDocument(bookmark)
                    var values = document.valuesBeforeTextKeys
                    if bookmark.id == saved[3].id { values[values.count - 2] = .text("not a fingerprint") } // damaged
                    try document.insertBeforeTextKeys(connection, values: values)
                    // Bread (index 1) has no vector yet; the damaged one had one under its old fingerprint.
                    if bookmark.id != saved[1].id {
                        _ = try connection.run("INSERT INTO index_vectors (content_hash, vector) VALUES (?, ?)",
                                               [.text(document.contentHashBeforeTextKeys),
                                                .blob(QuantizedVector(WordHashEmbedder.vector(document.embeddingText)).blob)])
                    }
                }
                let passage = try #require(SearchIndex.splitter.split(Self.page).first)
                let text = SearchIndex.embeddingText(heading: passage.heading ?? "", text: passage.text)
                _ = try connection.run("""
                    INSERT INTO index_passages (document_id, section, ordinal, heading, page, range_start, range_end, text, content_hash)
                    VALUES (?, 'page', 0, '', NULL, ?, ?, ?, ?)
                    """, [.integer(Int64(saved[1].id)), .integer(Int64(passage.range.lowerBound)), .integer(Int64(passage.range.upperBound)),
                          .text(passage.text), .text(ContentHash.hexBeforeTextKeys(text))])
                _ = try connection.run("INSERT INTO index_passages_fts (rowid, text, heading) VALUES (?, ?, '')",
                                       [.integer(connection.lastInsertRowID), .text(passage.text)])
                _ = try connection.run("INSERT INTO index_vectors (content_hash, vector) VALUES (?, ?)",
                                       [.text(ContentHash.hexBeforeTextKeys(text)), .blob(QuantizedVector(WordHashEmbedder.vector(text)).blob)])
            }
            // The store holds the text, and the index's views and its triggers on the store's table are in place.
            #expect(try StoreOwnedText.prepare(database, adopt: true))
        }

        let database = try Database(path: path)
        let store = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let index = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension, textsInStore: true)
        let (vectorColumns, types, hashes) = try database.read { connection in
            (try connection.query("SELECT name FROM pragma_table_info('index_vectors')").map { try $0.string(at: 0) },
             try connection.query("""
                 SELECT DISTINCT typeof(content_hash) || ' ' || typeof(document_hash) FROM index_documents
                 UNION SELECT DISTINCT typeof(content_hash) FROM index_passages
                 """).map { try $0.string(at: 0) },
             try connection.query("SELECT bookmark_id, document_hash FROM index_documents ORDER BY bookmark_id").map {
                 (try $0.int(at: 0), Int64(try $0.int(at: 1)))
             })
        }
        #expect(vectorColumns == ["id", "vector"], "no hash column beside the key")
        #expect(Set(types) == ["integer integer", "integer"])
        // Every document is still the document it was: an upsert of the same bookmarks rewrites nothing.
        #expect(hashes.map(\.1) == saved.map { IndexedDocument($0).documentHash })
        let made = try database.read { try $0.query("SELECT name FROM sqlite_schema WHERE name LIKE 'index\\_store\\_%' ESCAPE '\\' OR name IN ('index_document_rows', 'index_fts_source')").count }
        #expect(made == 6)

        // Bread's text and the damaged one wait; the others and the page passage kept their vectors.
        #expect(try index.statistics().pendingTexts == 2)
        let counter = EmbedCounter()
        try await VectorIndexer(index: index) { WordHashEmbedder.embedder(counter: counter) }.run()
        #expect(Set(counter.all) == Set([saved[1], saved[3]].map { IndexedDocument($0).embeddingText }))
        #expect(try index.loadedVectorCount() == 4)
        let volcano = WordHashEmbedder.vector(IndexedDocument(saved[0]).embeddingText)
        #expect(try index.vectorSearch(volcano, limit: 1).first?.bookmarkID == saved[0].id)
        #expect(try index.passageKeywordSearch("sourdough", limit: 5).count == 1)

        // The full text and the store's triggers: an edit in the store reaches the index's words.
        try database.write { _ = try $0.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)") }
        #expect(try index.keywordSearch("marsupials", limit: 5).map(\.bookmarkID) == [saved[2].id])
        _ = try store.update(id: saved[2].id, BookmarkUpdate(title: "Quokkas and wallabies"))
        #expect(try index.keywordSearch("wallabies", limit: 5).map(\.bookmarkID) == [saved[2].id])
        try database.write { _ = try $0.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)") }
        // Opening it again changes nothing.
        _ = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension, textsInStore: true)
        #expect(try index.statistics().pendingTexts == 0)
    }

    @Test func aFingerprintReadsBackFromItsHexDigitsAndNothingElse() {
        let fingerprint = ContentHash("some text", salt: ContentHash.indexTextVersion)
        #expect(ContentHash(hex: fingerprint.description) == fingerprint)
        #expect(TextKeyMigration.key(fingerprint.description) == fingerprint.key)
        for damaged in ["", "xyz", String(repeating: "g", count: 32), fingerprint.description + "0", String(fingerprint.description.dropLast())] {
            #expect(ContentHash(hex: damaged) == nil, "\(damaged)")
        }
        #expect(TextKeyMigration.key("xyz") != TextKeyMigration.key("xyw"))
    }
}
