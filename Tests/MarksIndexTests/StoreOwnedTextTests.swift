import Foundation
import MarksCore
@testable import MarksIndex
import MarksStorage
import MarksTestSupport
import SQLiteDatabase
import Testing

/// Over the embedded store a bookmark's text is kept once, in the store's row (issue 36, item 1; `StoreOwnedText`):
/// the index's row keeps none of it, every reader still gets the whole document, and the full text stays exactly
/// what the documents give through every write of either side — FTS5's own `integrity-check` after each.
@Suite struct StoreOwnedTextTests {
    /// The embedded store and the index in one database, as `marks serve` has them.
    struct Setup {
        let directory: TemporaryDirectory
        let database: Database
        let store: BookmarkStore
        let index: SearchIndex

        init(textsInStore: Bool = true) throws {
            directory = try TemporaryDirectory(prefix: "marks-store-text")
            database = try Database(path: directory.file("marks.sqlite").path)
            store = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
            index = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension, textsInStore: textsInStore)
        }

        func save(_ title: String, description: String = "", notes: String = "", url: String? = nil,
                  tags: [String] = []) throws -> Bookmark {
            try store.create(BookmarkDraft(url: url ?? "https://example.org/\(UUID().uuidString)", title: title,
                                           description: description, notes: notes, tagNames: tags))
        }

        func ids(_ query: String) throws -> [Int] {
            try index.keywordSearch(query, limit: 50).map(\.bookmarkID).sorted()
        }

        /// How many index rows keep their text in the store, and how many characters of text the index holds itself.
        func held() throws -> (inStore: Int, characters: Int) {
            try database.read { connection in
                let row = try connection.queryOne("""
                    SELECT coalesce(sum(text_in_store), 0), coalesce(sum(length(url) + length(title) + length(description)
                        + length(notes)), 0) FROM index_documents
                    """)
                return (try row?.int(at: 0) ?? -1, try row?.int(at: 1) ?? -1)
            }
        }

        /// FTS5's check of the full text against what the documents give (rank 1: read the content).
        func expectConsistent(_ when: String = "") throws {
            do {
                try database.write { _ = try $0.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)") }
            } catch {
                Issue.record("the full text does not match the documents \(when): \(error)")
            }
        }
    }

    @Test func theIndexKeepsNoTextOfItsOwnAndReadersGetWholeDocuments() throws {
        let setup = try Setup()
        let volcano = try setup.save("Volcano field guide", description: "calderas and magma chambers", notes: "visit Etna",
                                     url: "https://geo.example/volcanoes", tags: ["geology"])
        let glacier = try setup.save("Glacier atlas", description: "ice sheets", tags: ["geology"])
        try setup.index.upsert([volcano, glacier])
        let held = try setup.held()
        #expect(held.inStore == 2)
        #expect(held.characters == 0)
        try setup.expectConsistent()
        for (query, ids) in [("calderas", [volcano.id]), ("etna", [volcano.id]), ("geo", [volcano.id]),
                             ("glacier", [glacier.id]), ("geology", [volcano.id, glacier.id])] {
            #expect(try setup.ids(query) == ids.sorted(), "\(query)")
        }
        let document = try #require(try setup.index.document(id: volcano.id))
        #expect(document == IndexedDocument(volcano))
        #expect(try setup.index.pendingTexts(limit: 10).map(\.text).sorted()
                == [IndexedDocument(volcano).embeddingText, IndexedDocument(glacier).embeddingText].sorted())
        #expect(try setup.index.documentIDs(url: "https://geo.example/volcanoes") == [volcano.id])
        #expect(try setup.index.documentIDs(url: "https://geo.example/volcanoes/other").isEmpty)
        // An unchanged document is not rewritten; the same document again changes nothing.
        try setup.index.upsert([volcano])
        try setup.expectConsistent()
    }

    @Test func theStoresWritesKeepTheFullTextInStepBeforeTheIndexHearsOfThem() throws {
        let setup = try Setup()
        let bookmark = try setup.save("Sourdough starter", description: "flour and water", tags: ["baking"])
        let other = try setup.save("Rye loaf")
        try setup.index.upsert([bookmark, other])
        // The store changes the text (as `/api/` or another process would); the index has not been told yet.
        let edited = try setup.store.update(id: bookmark.id, BookmarkUpdate(title: "Focaccia", notes: "olive oil"))
        try setup.expectConsistent("after the store's edit")
        #expect(try setup.ids("sourdough").isEmpty)
        #expect(try setup.ids("focaccia") == [bookmark.id])
        #expect(try setup.ids("olive") == [bookmark.id])
        // A change that leaves the text alone writes nothing to the full text.
        _ = try setup.store.update(id: bookmark.id, BookmarkUpdate(unread: true))
        try setup.expectConsistent("after a flag change")
        // Then the index hears of it, with a new tag.
        var told = edited
        told.tagNames = ["bread"]
        try setup.index.upsert([told])
        try setup.expectConsistent("after the index's upsert")
        #expect(try setup.ids("baking").isEmpty)
        #expect(try setup.ids("bread") == [bookmark.id])
        #expect(try setup.held().characters == 0)
        // Deleted from the store: out of the full text at once, the index's row waits for `remove`.
        try setup.store.delete(id: bookmark.id)
        try setup.expectConsistent("after the store's delete")
        #expect(try setup.ids("focaccia").isEmpty)
        #expect(try setup.index.document(id: bookmark.id) == nil)
        // Restored from the trash with its id before the index removed it: back in the full text.
        _ = try setup.store.restore(id: bookmark.id)
        try setup.expectConsistent("after the restore")
        #expect(try setup.ids("focaccia") == [bookmark.id])
        // Deleted again, then removed from the index; the other bookmark is untouched throughout.
        try setup.store.delete(id: bookmark.id)
        try setup.index.remove(ids: [bookmark.id])
        try setup.expectConsistent("after the index's remove")
        #expect(try setup.ids("rye") == [other.id])
        try setup.index.clear()
        try setup.expectConsistent("after clear")
    }

    @Test func aDocumentThatIsNotTheStoresRowKeepsItsOwnText() throws {
        let setup = try Setup()
        let saved = try setup.save("Kayak routes")
        // The index is handed an older version than the store now holds: it keeps that document's own text.
        var older = saved
        older.title = "Canoe routes"
        try setup.index.upsert([older])
        #expect(try setup.held().inStore == 0)
        #expect(try setup.ids("canoe") == [saved.id])
        // A store edit does not touch a row that keeps its own text.
        _ = try setup.store.update(id: saved.id, BookmarkUpdate(title: "Kayak routes, revised"))
        try setup.expectConsistent()
        #expect(try setup.ids("canoe") == [saved.id])
        // The document that matches the store's row lets the store hold the text.
        try setup.index.upsert([try setup.store.bookmark(id: saved.id)])
        #expect(try setup.held() == (1, 0))
        #expect(try setup.ids("revised") == [saved.id])
        #expect(try setup.ids("canoe").isEmpty)
        try setup.expectConsistent()
        // Sources (negative ids) and an index not told the store holds the texts keep theirs.
        try setup.index.upsert(documents: [IndexedDocument(id: -4, url: "marks-source:4", title: "Pasted kayak notes")])
        #expect(try setup.index.document(id: -4)?.title == "Pasted kayak notes")
        #expect(try setup.held().inStore == 1)
        try setup.expectConsistent()
        let separate = try Setup(textsInStore: false)
        try separate.index.upsert([try separate.save("Paddle boards")])
        #expect(try separate.held().inStore == 0)
        #expect(try separate.ids("paddle").count == 1)
        try separate.expectConsistent()
    }

    @Test func anIndexWrittenBeforeHandsItsTextToTheStoreWithoutLosingAWordOrVector() throws {
        let directory = try TemporaryDirectory(prefix: "marks-store-text-migration")
        let path = directory.file("marks.sqlite").path
        var saved: [Bookmark] = []
        let vector = QuantizedVector(WordHashEmbedder.vector("anything"))
        do {
            // Today's main: the index with migrations 1–6, every row with its own copy of the text.
            let database = try Database(path: path)
            let store = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
            for (title, notes) in [("Alpine huts", "book early"), ("Fjord ferries", ""), ("Desert tracks", "carry water")] {
                saved.append(try store.create(BookmarkDraft(url: "https://trips.example/\(saved.count)", title: title, notes: notes,
                                                           tagNames: ["travel"])))
            }
            try database.migrate(namespace: IndexSchema.namespace, Array(IndexSchema.migrations.prefix(6)))
            try database.write { connection in
                for bookmark in saved {
                    let document = IndexedDocument(bookmark)
                    _ = try connection.run("""
                        INSERT INTO index_documents (\(IndexedDocument.columns.joined(separator: ", ")))
                        VALUES (\(Array(repeating: "?", count: IndexedDocument.columns.count).joined(separator: ", ")))
                        """, document.valuesBeforeTextKeys)
                    _ = try connection.run("""
                        INSERT INTO index_fts (rowid, title, tags, summary, description, notes, url)
                        SELECT bookmark_id, title, tags, summary, description, notes, url FROM index_fts_source WHERE bookmark_id = ?
                        """, [.integer(Int64(bookmark.id))])
                }
                _ = try connection.run("INSERT INTO index_vectors (content_hash, vector) VALUES (?, ?)",
                                       [.text(IndexedDocument(saved[0]).contentHashBeforeTextKeys), .blob(vector.blob)])
            }
            // The store changed one text behind the old index's back: that row keeps its copy.
            _ = try store.update(id: saved[1].id, BookmarkUpdate(title: "Fjord ferries timetable"))
        }
        let database = try Database(path: path)
        _ = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let index = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension, textsInStore: true)
        let held = try database.read { connection in
            try connection.query("SELECT bookmark_id, text_in_store, title FROM index_documents ORDER BY bookmark_id")
                .map { "\(try $0.int(at: 0)) \(try $0.int(at: 1)) \(try $0.string(at: 2))" }
        }
        #expect(held == ["\(saved[0].id) 1 ", "\(saved[1].id) 0 Fjord ferries", "\(saved[2].id) 1 "])
        try database.write { _ = try $0.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)") }
        for (query, id) in [("alpine", saved[0].id), ("early", saved[0].id), ("fjord", saved[1].id), ("desert", saved[2].id),
                            ("water", saved[2].id)] {
            #expect(try index.keywordSearch(query, limit: 10).map(\.bookmarkID) == [id], "\(query)")
        }
        #expect(try index.keywordSearch("timetable", limit: 10).isEmpty) // the index was not told yet
        #expect(try index.documents(ids: saved.map(\.id)).mapValues(\.title)
                == [saved[0].id: "Alpine huts", saved[1].id: "Fjord ferries", saved[2].id: "Desert tracks"])
        #expect(try index.statistics().pendingTexts == 2) // the one vector kept: its text is not embedded again
        // Opening it again changes nothing.
        _ = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension, textsInStore: true)
        try database.write { _ = try $0.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)") }
    }
}
