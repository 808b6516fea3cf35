import Foundation
import MarksClients
import MarksCore
import MarksIndex
import MarksAsk
import MarksReading
import MarksTestSupport
import SQLiteDatabase

/// A small library for the Ask surfaces: three bookmarks with archived page texts (a sourdough guide, herons, kitchen
/// science) and a source (a lab manual, two PDF pages), indexed as passages with the tests' deterministic embedder, and an `AskService` over them that keeps its
/// conversations in the same SQLite file.
enum AskLibrary {
    /// The id of the one source in the index (a PDF of two pages).
    static let sourceID = "4f7e2c1a-9b3d-4e5f-8a6b-1c2d3e4f5a6b"

    /// The bookmarks, in the order a store numbers them (1, 2, 3).
    static let bookmarks: [(url: String, title: String, description: String, blocks: [PassageBlock])] = [
        ("https://bread.example/sourdough", "Sourdough guide", "", [
            PassageBlock(.heading, "Starter"), PassageBlock(.paragraph, "Feed the sourdough starter with rye flour twice a day."),
            PassageBlock(.heading, "Baking"), PassageBlock(.paragraph, "Bake the dough in a hot dutch oven for forty minutes."),
        ]),
        ("https://birds.example/herons", "Heron migration", "", [
            PassageBlock(.paragraph, "Grey herons leave the northern lakes in October and fly south along the river valleys."),
            PassageBlock(.paragraph, "They nest in tall reeds and return to the same colony every spring."),
        ]),
        ("https://science.example/yeast", "Kitchen science", "Why bread rises.", [
            PassageBlock(.paragraph, "Yeast turns sugar into carbon dioxide, which lifts the dough."),
        ]),
    ]

    /// The bookmark values as a store returns them (ids 1, 2, 3).
    static func bookmarkValues() -> [Bookmark] {
        bookmarks.enumerated().map { offset, item in
            Bookmark(id: offset + 1, url: item.url, title: item.title, description: item.description, unread: offset == 1,
                     tagNames: offset == 0 ? ["bread"] : [], dateAdded: Date(timeIntervalSince1970: Double(1_700_000_000 + offset)),
                     dateModified: Date(timeIntervalSince1970: 1_700_000_000))
        }
    }

    /// The reader's article for a bookmark's URL: its page text as paragraphs.
    static func article(_ url: String) throws -> ReadableArticle {
        guard let item = bookmarks.first(where: { $0.url == url }) else { throw FixtureError(description: "no page at \(url)") }
        let paragraphs = item.blocks.map(\.text)
        return ReadableArticle(url: url, title: item.title, paragraphs: paragraphs, wordCount: paragraphs.joined(separator: " ").split(separator: " ").count)
    }

    /// The tests' embedder as the index's (64 numbers per text).
    static func embedder() -> IndexEmbedder {
        let words = TestEmbedder(dimension: 64)
        return IndexEmbedder(dimension: 64) { texts in texts.map(words.vector) }
    }

    /// An Ask service over the three bookmarks (with `provider` answering first when given), its index and conversations in `directory/ask.sqlite`.
    static func service(in directory: URL, provider: (any ProviderClient)? = nil) async throws -> AskService {
        let path = directory.appendingPathComponent("ask.sqlite").path
        let index = try SearchIndex(path: path, dimension: 64)
        try index.upsert(bookmarkValues())
        let pages = SearchIndex.PageTexts(versions: { urls in Dictionary(uniqueKeysWithValues: urls.map { ($0, "1") }) },
                                          text: { url in bookmarks.first { $0.url == url }.map { ("1", $0.blocks) } })
        try index.syncPageTexts(ids: [1, 2, 3], from: pages)
        try index.upsert(documents: [IndexedDocument(id: -1, url: "marks-source://" + sourceID, title: "Lab manual",
                                                     dateAdded: Date(timeIntervalSince1970: 1_700_000_000))])
        try index.replaceSourcePassages(id: -1, blocks: [
            PassageBlock(.paragraph, "Safety goggles are required at every bench of the chemistry lab.", page: 1),
            PassageBlock(.paragraph, "Measure the solution temperature with a glass probe.", page: 2),
        ])
        try await VectorIndexer(index: index) { embedder() }.run()
        let lazy = LazyEmbedder { embedder() }
        return AskService(tool: BookmarkSearchTool(index: index, embedder: lazy), embedder: lazy,
                          conversations: try AskConversationStore(database: Database(path: path)), provider: provider)
    }
}
