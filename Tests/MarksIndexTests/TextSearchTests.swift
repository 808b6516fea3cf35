import Foundation
import MarksCore
import MarksIndex
import Testing

/// Keyword search over the fields and the archived page and document text (`textSearch`, the Search tab's and
/// `marks search`'s keyword mode): ranked title and tags first, each hit with the snippet of where it matched.
@Suite struct TextSearchTests {
    static func page(_ text: String) -> SearchIndex.PageTexts {
        SearchIndex.PageTexts(versions: { urls in Dictionary(uniqueKeysWithValues: urls.map { ($0, "1") }) },
                              text: { _ in ("1", [PassageBlock(.paragraph, text)]) })
    }

    static func library() throws -> IndexFixture {
        let fixture = try IndexFixture()
        try fixture.index.upsert([
            bookmark(1, "Weekend reading"),
            bookmark(2, "Volcanoes of Iceland"),
            bookmark(3, "Travel notes", tags: ["volcanoes"]),
            bookmark(4, "Archived trip", archived: true),
        ])
        try fixture.index.syncPageTexts(ids: [1], from: page(
            "A long essay on many things. Deep in the page, it mentions the volcanoes of the Pacific ring of fire once."))
        try fixture.index.syncPageTexts(ids: [4], from: page("Archived volcanoes essay."))
        try fixture.index.upsert(documents: [IndexedDocument(id: -1, url: "marks-source://notes", title: "Field notebook",
                                                             dateAdded: Date(timeIntervalSince1970: 1_700_000_000))])
        try fixture.index.replaceSourcePassages(id: -1, blocks: [PassageBlock(.paragraph, "Lava samples from two volcanoes.", page: 3)])
        return fixture
    }

    @Test func aTitleOrTagMatchBeatsOneDeepInAPage() throws {
        let fixture = try Self.library()
        let hits = try fixture.index.textSearch("volcanoes", limit: 10)
        #expect(hits.map(\.bookmarkID) == [2, 3, 1])
        #expect(hits.map(\.keywordRank) == [1, 2, 3])
        // The fields-only search does not see the page.
        #expect(try fixture.index.keywordSearch("volcanoes", limit: 10).map(\.bookmarkID) == [2, 3])
    }

    @Test func eachHitSaysWhereItMatchedWithTheWordsAround() throws {
        let fixture = try Self.library()
        let hits = try fixture.index.textSearch("volcanoes", limit: 10)
        let title = try #require(hits.first?.snippet)
        #expect(title.place == .fields)
        #expect(title.passageID == nil)
        #expect(title.runs.contains { $0.matched && $0.text == "Volcanoes" })
        let deep = try #require(hits.last?.snippet)
        #expect(deep.place == .page)
        #expect(deep.runs.filter(\.matched).map(\.text) == ["volcanoes"])
        #expect(deep.plainText.contains("the volcanoes of the Pacific"))
        #expect(!deep.plainText.contains("A long essay"), "a snippet is the words around the match, not the whole page")
        let passage = try #require(deep.passageID)
        #expect(try fixture.index.passages(ids: [passage])[passage]?.documentID == 1)
    }

    @Test func theFilterAndTheSourceScopeHold() throws {
        let fixture = try Self.library()
        #expect(try fixture.index.textSearch("volcanoes", filter: SearchFilter(archived: true), limit: 10).map(\.bookmarkID) == [4])
        let withSources = try fixture.index.textSearch("lava", filter: SearchFilter(sources: .included), limit: 10)
        #expect(withSources.map(\.bookmarkID) == [-1])
        #expect(withSources.first?.snippet?.place == .page)
        #expect(try fixture.index.textSearch("lava", limit: 10).isEmpty)
    }

    /// Found in a walk: a bookmark whose AI summary repeats its page's opening ("yeast") matched best in its fields,
    /// so the list's "In archived pages" (which wants a page snippet) left it out, and linkding's fields (title,
    /// description, notes, tags) do not hold the word: the bookmark was found nowhere.
    @Test func thePagesAloneGiveEachHitItsPageSnippet() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(7, "Levain schedule", aiSummary: "A starter is a culture of wild yeast.", aiTags: ["yeast"])])
        try fixture.index.syncPageTexts(ids: [7], from: Self.page("A starter is a culture of wild yeast. Feed it daily."))
        #expect(try fixture.index.textSearch("yeast", limit: 10).first?.snippet?.place == .fields, "the summary and AI tag match best")
        let pages = try fixture.index.textSearch("yeast", limit: 10, pagesOnly: true)
        #expect(pages.map(\.bookmarkID) == [7])
        #expect(pages.first?.snippet?.place == .page)
        #expect(pages.first?.snippet?.plainText.contains("wild yeast") == true)
        #expect(try fixture.index.textSearch("levain", limit: 10, pagesOnly: true).isEmpty, "the title is not the page")
    }

    @Test func anyInputIsSafe() throws {
        let fixture = try Self.library()
        for query in ["NEAR(a b)", "title: x", "a* OR (b", "'; DROP TABLE index_passages; --"] {
            _ = try fixture.index.textSearch(query, limit: 5)
        }
        #expect(throws: IndexError.self) { try fixture.index.textSearch("!!!", limit: 5) }
    }
}
