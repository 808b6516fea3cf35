import Foundation
import MarksCore
import MarksTestSupport
@testable import MarksIndex
import SQLiteDatabase
import Testing

/// A bookmark's fields are not stored as passages (index migration 6): its `fields` passages are cut from its row when
/// asked for, with the same ordinals, ranges and texts, and found through the bookmark-level full text and vector; an
/// index written by the code before it keeps every page passage and every vector it still uses.
@Suite struct FieldPassageMigrationTests {
    /// Long enough for three `fields` passages (about 600 words, the splitter cuts at 250).
    static let longDescription = (0..<60).map { "Sentence \($0) tells of glaciers carving the valley floor slowly." }
        .joined(separator: " ") + " The last words name a quokka."

    static let documents = [
        IndexedDocument(bookmark(1, "Volcanoes", description: "Lava and ash from the crater.", tags: ["geology"])),
        IndexedDocument(bookmark(2, "Ice ages", description: longDescription)),
        IndexedDocument(bookmark(3, "Bread", description: "Why dough rises.")),
        IndexedDocument(id: -1, url: "marks-source://lab", title: "Lab manual", dateAdded: Date(timeIntervalSince1970: 1_700_000_000)),
    ]
    static let pages: [Int: [PassageBlock]] = [
        3: [PassageBlock(.heading, "Starter"), PassageBlock(.paragraph, "Feed the sourdough starter with rye flour.")],
        -1: [PassageBlock(.paragraph, "Safety goggles are required.", page: 1)],
    ]

    @Test func anIndexWrittenBeforeMigrationSixKeepsItsPagePassagesAndVectorsAndFindsItsFields() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-fields-migration")
        defer { directory.cleanUp() }
        let path = directory.file("marks.sqlite").path
        var oldFields: [Int: [Passage]] = [:]
        var fieldHashes: [Int64] = []
        var pageHashes: [Int64] = []
        do {
            // Today's main: migrations 1–5, each document's `fields` passages stored with their full text and vectors,
            // written as `SearchIndex` and `PassageWriter` wrote them.
            let old = try Database(path: path, readerCount: 1, durability: .normal)
            try old.migrate(namespace: IndexSchema.namespace, Array(IndexSchema.migrations.prefix(5)))
            try old.write { connection in
                func store(_ hash: String, _ text: String) throws {
                    _ = try connection.run("INSERT OR IGNORE INTO index_vectors (content_hash, vector) VALUES (?, ?)",
                                           [.text(hash), .blob(QuantizedVector(WordHashEmbedder.vector(text)).blob)])
                }
                func passage(_ document: Int, _ section: String, _ passage: Passage, _ hash: String) throws {
                    _ = try connection.run("""
                        INSERT INTO index_passages (document_id, section, ordinal, heading, page, range_start, range_end, text, content_hash)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, [.integer(Int64(document)), .text(section), .integer(Int64(passage.ordinal)), .text(passage.heading ?? ""),
                              passage.page.map { .integer(Int64($0)) } ?? .null, .integer(Int64(passage.range.lowerBound)),
                              .integer(Int64(passage.range.upperBound)), .text(passage.text), .text(hash)])
                    _ = try connection.run("INSERT INTO index_passages_fts (rowid, text, heading) VALUES (?, ?, ?)",
                                           [.integer(connection.lastInsertRowID), .text(passage.text), .text(passage.heading ?? "")])
                }
                for document in Self.documents {
                    try document.insertBeforeTextKeys(connection)
                    try store(document.contentHashBeforeTextKeys, document.embeddingText)
                    let fields = SearchIndex.splitter.split(document.fieldBlocks)
                    oldFields[document.id] = fields
                    for field in fields {
                        // One passage shares the document's vector; several have their own.
                        let text = fields.count == 1 ? document.embeddingText
                            : SearchIndex.embeddingText(heading: field.heading ?? "", text: field.text)
                        let hash = ContentHash.hexBeforeTextKeys(text)
                        if fields.count > 1 { fieldHashes.append(ContentHash.key(text)) }
                        try store(hash, text)
                        try passage(document.id, "fields", field, hash)
                    }
                    for page in SearchIndex.splitter.split(Self.pages[document.id] ?? []) {
                        let text = SearchIndex.embeddingText(heading: page.heading ?? "", text: page.text)
                        pageHashes.append(ContentHash.key(text))
                        try store(ContentHash.hexBeforeTextKeys(text), text)
                        try passage(document.id, "page", page, ContentHash.hexBeforeTextKeys(text))
                    }
                    _ = try connection.run("UPDATE index_documents SET page_version = '1' WHERE bookmark_id = ? AND ? > 0",
                                           [.integer(Int64(document.id)), .integer(Int64(Self.pages[document.id]?.count ?? 0))])
                }
            }
            #expect(oldFields[2]?.count == 3, "the long description makes several passages")
        }
        let index = try SearchIndex(path: path, dimension: WordHashEmbedder.dimension)
        try expectConsistent(index)
        let stored = try index.database.read { connection in
            try connection.query("SELECT section, COUNT(*) FROM index_passages GROUP BY section").map { (try $0.string(at: 0), try $0.int(at: 1)) }
        }
        #expect(stored.map(\.0) == ["page"] && stored.map(\.1) == [2], "only the page passages stay stored")
        // Every passage is still there, the fields' ones cut from the documents' rows as they were stored.
        for document in Self.documents {
            let passages = try index.passages(documentIDs: [document.id])
            let fields = passages.filter { $0.section == "fields" }
            let old = oldFields[document.id] ?? []
            #expect(fields.map(\.text) == old.map(\.text) && fields.map(\.ordinal) == old.map(\.ordinal)
                    && fields.map(\.range) == old.map(\.range) && fields.map(\.heading) == old.map { $0.heading ?? "" }, "\(document.id)")
            #expect(fields.allSatisfy { $0.id < 0 && $0.documentID == document.id })
            #expect(try index.passages(ids: fields.map(\.id)).count == fields.count, "a field passage is found by its id")
            let pages = passages.filter { $0.section == "page" }
            #expect(pages.map(\.text) == SearchIndex.splitter.split(Self.pages[document.id] ?? []).map(\.text))
        }
        // Vectors: the documents' and the pages' stay (nothing to embed again); the long fields' own are gone.
        let hashes = Set(try index.database.read { try $0.query("SELECT id FROM index_vectors").map { Int64(try $0.int(at: 0)) } })
        #expect(hashes == Set(Self.documents.map(\.contentHash) + pageHashes))
        #expect(hashes.isDisjoint(with: fieldHashes))
        #expect(try index.statistics().pendingTexts == 0)
        // Search and Ask find the fields as before: the bookmark-level hit as its passage holding the words.
        let tool = BookmarkSearchTool(index: index, embedder: LazyEmbedder { WordHashEmbedder.embedder() })
        func best(_ text: String) throws -> PassageResult? {
            try tool.search(.init(text: text, filter: SearchFilter(sources: .included), limit: 5)).passages.first
        }
        #expect(try best("lava crater")?.passage.text == "Lava and ash from the crater.")
        #expect(try best("quokka")?.passage.ordinal == 2, "the passage holding the word, not the first")
        #expect(try best("quokka")?.passage.text.contains("quokka") == true)
        #expect(try best("sourdough rye flour")?.passage.section == "page")
        #expect(try best("goggles")?.document.id == -1)
        #expect(try index.passageKeywordSearch("geology", limit: 5).isEmpty, "a tag is not a passage's text")
        // And the migrated index is written as a new one is, its full text consistent after every kind of write.
        try index.upsert([bookmark(1, "Volcanoes", description: "Geysers and hot springs.")])
        try expectConsistent(index)
        #expect(try best("geysers")?.document.id == 1)
        #expect(try index.passageKeywordSearch("crater", limit: 5).isEmpty)
        try index.syncPageTexts(ids: [3], from: SearchIndex.PageTexts(versions: { urls in Dictionary(uniqueKeysWithValues: urls.map { ($0, "2") }) },
                                                                      text: { _ in ("2", [PassageBlock(.paragraph, "Proof the dough overnight.")]) }))
        try expectConsistent(index)
        #expect(try best("overnight proof")?.passage.section == "page")
        try index.replaceSourcePassages(id: -1, blocks: [PassageBlock(.paragraph, "Wear gloves near acids.", page: 1)])
        try expectConsistent(index)
        #expect(try best("gloves acids")?.document.id == -1)
        #expect(try index.passageKeywordSearch("goggles", filter: SearchFilter(sources: .included), limit: 5).isEmpty)
        try index.remove(ids: [2, 3])
        try expectConsistent(index)
        #expect(try index.passages(documentIDs: [2, 3]).isEmpty)
        #expect(try index.passageCount() == 1, "the source's page passage")
        try index.clear()
        try expectConsistent(index)
    }

    @Test func aFieldPassageIDNamesItsDocumentAndOrdinal() {
        for document in [1, 2, 7, 1_000_000, -1, -2, -99] {
            for ordinal in [0, 1, SearchIndex.maximumPassages - 1] {
                let id = IndexedPassage.fieldPassageID(document: document, ordinal: ordinal)
                #expect(id < 0)
                let decoded = IndexedPassage.fieldPassage(id: id)
                #expect(decoded?.document == document && decoded?.ordinal == ordinal, "\(document) \(ordinal)")
            }
        }
        #expect(IndexedPassage.fieldPassage(id: 5) == nil, "a row id")
    }

    /// FTS5's own checks of both full-text tables against their content.
    private func expectConsistent(_ index: SearchIndex) throws {
        try index.database.write { connection in
            _ = try connection.run("INSERT INTO index_fts (index_fts, rank) VALUES ('integrity-check', 1)")
            _ = try connection.run("INSERT INTO index_passages_fts (index_passages_fts, rank) VALUES ('integrity-check', 1)")
        }
    }
}
