import Foundation
import MarksCore
import MarksIndex
import Testing

/// The search tool Ask calls: hybrid passage retrieval within its filters, each passage with its bookmark or
/// source, heading, page and range; by words alone (and saying so) without the model.
@Suite struct BookmarkSearchToolTests {
    /// A page text as the archive gives it.
    static func page(_ blocks: [PassageBlock], version: String = "1") -> SearchIndex.PageTexts {
        SearchIndex.PageTexts(versions: { urls in Dictionary(uniqueKeysWithValues: urls.map { ($0, version) }) },
                              text: { _ in (version, blocks) })
    }

    /// Bookmarks 1 (unread, tag `bread`, added day 1) and 2 (added day 3) with page texts, a source (-1) with two
    /// PDF pages, an archived bookmark 3; every passage embedded.
    static func library() async throws -> IndexFixture {
        let fixture = try IndexFixture()
        let index = fixture.index
        try index.upsert([
            bookmark(1, "Sourdough guide", tags: ["bread"], unread: true),
            bookmark(2, "Kitchen science", description: "Why bread rises."),
            bookmark(3, "Old sourdough notes", archived: true),
        ])
        try index.syncPageTexts(ids: [1], from: page([
            PassageBlock(.heading, "Starter"), PassageBlock(.paragraph, "Feed the sourdough starter with rye flour twice a day."),
            PassageBlock(.heading, "Baking"), PassageBlock(.paragraph, "Bake the dough in a hot dutch oven for forty minutes."),
        ]))
        try index.syncPageTexts(ids: [2], from: page([PassageBlock(.paragraph, "Yeast turns sugar into carbon dioxide, which lifts the dough.")]))
        try index.syncPageTexts(ids: [3], from: page([PassageBlock(.paragraph, "An archived sourdough starter recipe.")]))
        try index.upsert(documents: [IndexedDocument(id: -1, url: "marks-source://lab", title: "Lab manual",
                                                     dateAdded: Date(timeIntervalSince1970: 1_700_000_000))])
        try index.replaceSourcePassages(id: -1, blocks: [
            PassageBlock(.paragraph, "Safety goggles are required.", page: 1),
            PassageBlock(.paragraph, "Measure the dough temperature with a probe.", page: 2),
        ])
        try await VectorIndexer(index: index) { WordHashEmbedder.embedder() }.run()
        return fixture
    }

    static func tool(_ fixture: IndexFixture) -> BookmarkSearchTool {
        BookmarkSearchTool(index: fixture.index, embedder: LazyEmbedder { WordHashEmbedder.embedder() })
    }

    @Test func findsThePassageWithItsBookmarkHeadingAndRange() async throws {
        let fixture = try await Self.library()
        let answer = try await Self.tool(fixture).search(.init(text: "sourdough starter rye flour", limit: 3))
        #expect(answer.usedVectors)
        let best = try #require(answer.passages.first)
        #expect(best.document.id == 1 && best.document.title == "Sourdough guide")
        #expect(best.passage.heading == "Starter")
        #expect(best.passage.text == "Feed the sourdough starter with rye flour twice a day.")
        #expect(best.legs == [.keyword, .vector])
        let flat = Array(PassageSplitter.flatText([
            PassageBlock(.heading, "Starter"), PassageBlock(.paragraph, "Feed the sourdough starter with rye flour twice a day."),
            PassageBlock(.heading, "Baking"), PassageBlock(.paragraph, "Bake the dough in a hot dutch oven for forty minutes."),
        ]).utf16)
        #expect(String(decoding: flat[best.passage.range], as: UTF16.self) == best.passage.text, "the range points at the text")
        #expect(!answer.passages.contains { $0.document.id == 3 }, "archived bookmarks are not in the live library")
    }

    @Test func filtersScopeBothLegs() async throws {
        let fixture = try await Self.library()
        let tool = Self.tool(fixture)
        func documents(_ text: String, _ filter: SearchFilter) throws -> Set<Int> {
            Set(try tool.search(.init(text: text, filter: filter, limit: 20)).passages.map(\.document.id))
        }
        #expect(try documents("dough", SearchFilter(sources: .included)) == [1, 2, -1])
        #expect(try documents("dough", SearchFilter(unreadOnly: true, sources: .included)) == [1])
        #expect(try documents("dough", SearchFilter(tag: "Bread", sources: .included)) == [1])
        #expect(try documents("dough", SearchFilter(sources: .only)) == [-1])
        #expect(try documents("dough", SearchFilter(sources: .excluded)) == [1, 2])
        let day2 = Date(timeIntervalSince1970: 1_700_000_002)
        #expect(try documents("dough", SearchFilter(sources: .excluded, addedFrom: day2)) == [2])
        #expect(try documents("dough", SearchFilter(sources: .included, addedBefore: day2)) == [1, -1])
        #expect(try documents("sourdough", SearchFilter(archived: true)) == [3])
    }

    @Test func aSourcePassageSaysItsPage() async throws {
        let fixture = try await Self.library()
        let best = try #require(try await Self.tool(fixture).search(.init(text: "dough temperature probe")).passages.first)
        #expect(best.document.isSource && best.document.url == "marks-source://lab")
        #expect(best.passage.page == 2)
        #expect(best.passage.isSource)
    }

    @Test func withoutTheModelItSearchesByWordsAndSaysSo() async throws {
        let fixture = try await Self.library()
        let tool = BookmarkSearchTool(index: fixture.index, embedder: LazyEmbedder { throw IndexError.modelMissing(message: "no model") })
        let answer = try await tool.search(.init(text: "dutch oven"))
        #expect(!answer.usedVectors)
        #expect(answer.passages.first?.passage.heading == "Baking")
        #expect(answer.passages.allSatisfy { $0.legs == .keyword })
        await #expect(throws: IndexError.emptyQuery) { _ = try await tool.search(.init(text: "  ?! ")) }
    }

    @Test func theDateRangeAlsoScopesBookmarkSearch() async throws {
        let fixture = try await Self.library()
        let day2 = Date(timeIntervalSince1970: 1_700_000_002)
        let query = WordHashEmbedder.vector("kitchen science")
        #expect(try fixture.index.vectorSearch(query, filter: SearchFilter(addedFrom: day2), limit: 5).map(\.bookmarkID) == [2])
        #expect(try fixture.index.keywordSearch("sourdough", filter: SearchFilter(addedBefore: day2), limit: 5).map(\.bookmarkID) == [1])
    }
}
