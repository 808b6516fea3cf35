import Foundation
import MarksCore
import MarksTestSupport
@testable import MarksIndex
import SQLiteDatabase
import Testing

/// The full text is stored once (index migration 5): `index_fts` is external content over `index_documents`, kept in
/// step by the index's writes, and an index written by the code before it keeps every document's words and vector.
@Suite struct FullTextStorageTests {
    @Test func writesKeepTheFullTextInStepWithTheDocuments() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Volcanoes", tags: ["geology"]), bookmark(2, "Glaciers", notes: "ice sheets"),
                                  bookmark(3, "Deserts", aiSummary: "dunes and wind", aiTags: ["sand"])])
        try expectConsistent(fixture.index)
        // Changed: the old words go, the new ones come; removed: no words at all.
        try fixture.index.upsert([bookmark(1, "Calderas", tags: ["magma"]), bookmark(3, "Deserts", aiSummary: "oases", aiTags: [])])
        try fixture.index.remove(ids: [2])
        try expectConsistent(fixture.index)
        for (query, ids) in [("volcanoes", [Int]()), ("geology", []), ("calderas", [1]), ("magma", [1]), ("glaciers", []),
                             ("ice", []), ("dunes", []), ("sand", []), ("oases", [3])] {
            #expect(try fixture.index.keywordSearch(query, limit: 10).map(\.bookmarkID) == ids, "\(query)")
        }
        // The same id twice in one batch: the last version wins, and the terms of the first are gone.
        try fixture.index.upsert([bookmark(4, "First version"), bookmark(4, "Second version")])
        #expect(try fixture.index.keywordSearch("first", limit: 10).isEmpty)
        #expect(try fixture.index.keywordSearch("second", limit: 10).map(\.bookmarkID) == [4])
        try expectConsistent(fixture.index)
        try fixture.index.clear()
        try expectConsistent(fixture.index)
        #expect(try fixture.index.keywordSearch("calderas", limit: 10).isEmpty)
    }

    @Test func theTextIsNotStoredTwice() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Only once")])
        let tables = try fixture.index.database.read { connection in
            try connection.query("SELECT name FROM sqlite_schema WHERE name LIKE 'index_fts%'").map { try $0.string(at: 0) }
        }
        #expect(!tables.contains("index_fts_content"))
        #expect(tables.contains("index_fts_source"))
    }

    @Test func anIndexWrittenBeforeMigrationFiveKeepsEveryDocumentsWordsAndVector() throws {
        let directory = try TemporaryDirectory(prefix: "marks-fts-migration")
        defer { directory.cleanUp() }
        let path = directory.file("marks.sqlite").path
        let documents = [
            IndexedDocument(bookmark(1, "Alpha title", tags: ["gardening"], aiTags: ["Gardening", "soil"])),
            IndexedDocument(bookmark(2, "Second", description: "a description about volcanoes")),
            IndexedDocument(bookmark(3, "Third", notes: "notes mention quokkas")),
            IndexedDocument(bookmark(4, "Fourth", url: "https://docs.swift.org/guide")),
            IndexedDocument(bookmark(5, "Fifth", aiSummary: "summary explains photosynthesis", aiTags: ["botany"])),
        ]
        let vector = QuantizedVector(WordHashEmbedder.vector(documents[0].embeddingText))
        do {
            // Today's main: migrations 1–4, the full text with its own copy, written as `SearchIndex` wrote it.
            let old = try Database(path: path, readerCount: 1, durability: .normal)
            try old.migrate(namespace: IndexSchema.namespace, Array(IndexSchema.migrations.prefix(4)))
            try old.write { connection in
                for document in documents {
                    _ = try connection.run("""
                        INSERT INTO index_documents (\(IndexedDocument.columns.joined(separator: ", ")))
                        VALUES (\(Array(repeating: "?", count: IndexedDocument.columns.count).joined(separator: ", ")))
                        """, document.valuesBeforeTextKeys)
                    _ = try connection.run(
                        "INSERT INTO index_fts (rowid, title, tags, summary, description, notes, url) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        [.integer(Int64(document.id)), .text(document.title), .text(document.allTags.joined(separator: " ")),
                         .text(document.aiSummary ?? ""), .text(document.description), .text(document.notes),
                         .text(document.domain == document.url ? document.url : document.domain + " " + document.url)])
                }
                _ = try connection.run("INSERT INTO index_vectors (content_hash, vector) VALUES (?, ?)",
                                       [.text(documents[0].contentHashBeforeTextKeys), .blob(vector.blob)])
            }
        }
        let index = try SearchIndex(path: path, dimension: WordHashEmbedder.dimension)
        try expectConsistent(index)
        for (query, id) in [("alpha", 1), ("gardening", 1), ("soil", 1), ("volcanoes", 2), ("quokkas", 3), ("swift", 4),
                            ("photosynthesis", 5), ("botany", 5)] {
            #expect(try index.keywordSearch(query, limit: 10).map(\.bookmarkID) == [id], "\(query)")
        }
        // The vector is kept under the same hash: nothing to embed again for the document that had one.
        #expect(try index.documents(ids: [1])[1]?.contentHash == documents[0].contentHash)
        let stored = try index.database.read { try $0.queryOne("SELECT vector FROM index_vectors WHERE id = ?", [.integer(documents[0].contentHash)])?.blob(at: 0) }
        #expect(stored == vector.blob)
        #expect(try index.statistics().pendingTexts == 4)
        // And the migrated index is written as a new one is.
        try index.upsert([bookmark(2, "Second", description: "now about geysers")])
        #expect(try index.keywordSearch("volcanoes", limit: 10).isEmpty)
        #expect(try index.keywordSearch("geysers", limit: 10).map(\.bookmarkID) == [2])
        try expectConsistent(index)
    }

    /// FTS5's own check of the full-text index against its content (rank 1: compare with the content table).
    private func expectConsistent(_ index: SearchIndex) throws {
        try index.database.write { connection in
            _ = try connection.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)")
        }
    }
}
