import Foundation
import MarksIndex
import Testing

@Suite struct KeywordSearchTests {
    @Test func findsEveryIndexedField() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([
            bookmark(1, "Alpha title", tags: ["gardening"]),
            bookmark(2, "Second", description: "a description about volcanoes"),
            bookmark(3, "Third", notes: "notes mention quokkas"),
            bookmark(4, "Fourth", url: "https://docs.swift.org/guide"),
            bookmark(5, "Fifth", aiSummary: "summary explains photosynthesis", aiTags: ["botany"]),
        ])
        let cases: [(String, Int)] = [("alpha", 1), ("gardening", 1), ("volcanoes", 2), ("quokkas", 3), ("swift", 4),
                                      ("photosynthesis", 5), ("botany", 5)]
        for (query, id) in cases {
            #expect(try fixture.index.keywordSearch(query, limit: 10).map(\.bookmarkID) == [id], "\(query)")
        }
    }

    @Test func titleOutweighsNotesAndPorterStems() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([
            bookmark(1, "Unrelated", notes: "running shoes"),
            bookmark(2, "Running shoes", notes: "unrelated"),
            bookmark(3, "Shoes", tags: ["running"]),
        ])
        let hits = try fixture.index.keywordSearch("run", limit: 10)
        #expect(hits.map(\.bookmarkID) == [2, 3, 1])
        #expect(hits.allSatisfy { $0.legs == .keyword && $0.keywordScore != nil })
        #expect(hits.map(\.keywordRank) == [1, 2, 3])
    }

    @Test func moreMatchingWordsRankHigher() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Oil prices"), bookmark(2, "Oil prices cut by refiners"), bookmark(3, "Refiners")])
        #expect(try fixture.index.keywordSearch("oil prices cut", limit: 10).first?.bookmarkID == 2)
    }

    @Test(arguments: [
        "foo\"bar", "NEAR(a b)", "title:secret", "AND OR NOT", "a*b", "^start", "\u{0}nul", "col:val \"x",
        "emoji 🧪 test", "-minus +plus", "SELECT * FROM index_fts; --", "a OR \"b", "{title notes}: x",
    ])
    func hostileQueriesNeverCrash(_ query: String) throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "A title with secret words and a test", notes: "nul start plus val")])
        let hits = try fixture.index.keywordSearch(query, limit: 10)
        #expect(hits.count <= 1)
    }

    @Test func aPastedNovelIsCutToAFewWords() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "word17 appears here")])
        let novel = (0..<20_000).map { "word\($0)" }.joined(separator: " ")
        #expect(try fixture.index.keywordSearch(novel, limit: 10).map(\.bookmarkID) == [1])
        #expect(try fixture.index.keywordSearch(novel + " word40000", limit: 10).map(\.bookmarkID) == [1])
    }

    @Test(arguments: ["", "   ", "!!!", "\"\"", "*:()", "\u{0}"])
    func queriesWithoutWordsAreAClearError(_ query: String) throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Anything")])
        #expect(throws: IndexError.emptyQuery) { try fixture.index.keywordSearch(query, limit: 10) }
        #expect(IndexError.emptyQuery.description.contains("letter or digit"))
    }

    @Test func stopWordsAloneStillSearch() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "The Who"), bookmark(2, "Something else")])
        #expect(try fixture.index.keywordSearch("the who", limit: 10).map(\.bookmarkID) == [1])
    }

    @Test func filtersScopeTheKeywordLeg() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([
            bookmark(1, "Swift concurrency", tags: ["Swift"], unread: true),
            bookmark(2, "Swift macros", unread: false, aiTags: ["metaprogramming"]),
            bookmark(3, "Swift archived", tags: ["swift"], archived: true),
        ])
        let index = fixture.index
        #expect(try index.keywordSearch("swift", limit: 10).map(\.bookmarkID).sorted() == [1, 2])
        #expect(try index.keywordSearch("swift", filter: SearchFilter(unreadOnly: true), limit: 10).map(\.bookmarkID) == [1])
        #expect(try index.keywordSearch("swift", filter: SearchFilter(tag: "SWIFT"), limit: 10).map(\.bookmarkID) == [1])
        #expect(try index.keywordSearch("swift", filter: SearchFilter(tag: "#metaprogramming"), limit: 10).map(\.bookmarkID) == [2])
        #expect(try index.keywordSearch("swift", filter: SearchFilter(archived: true), limit: 10).map(\.bookmarkID) == [3])
        #expect(try index.keywordSearch("swift", filter: SearchFilter(tag: "nope"), limit: 10).isEmpty)
        #expect(try index.keywordSearch("swift", filter: SearchFilter(tag: "'; DROP TABLE index_tags; --"), limit: 10).isEmpty)
    }

    @Test func editsReplaceTheOldTextAndRemovalsDisappear() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Original words", tags: ["old"])])
        try fixture.index.upsert([bookmark(1, "Replacement text", tags: ["new"])])
        #expect(try fixture.index.keywordSearch("original", limit: 10).isEmpty)
        #expect(try fixture.index.keywordSearch("old", limit: 10).isEmpty)
        #expect(try fixture.index.keywordSearch("replacement", limit: 10).map(\.bookmarkID) == [1])
        #expect(try fixture.index.keywordSearch("anything", filter: SearchFilter(tag: "new"), limit: 10).isEmpty)
        #expect(try fixture.index.keywordSearch("text", filter: SearchFilter(tag: "new"), limit: 10).map(\.bookmarkID) == [1])
        try fixture.index.remove(ids: [1, 99])
        #expect(try fixture.index.keywordSearch("replacement", limit: 10).isEmpty)
        #expect(try fixture.index.document(id: 1) == nil)
        #expect(try fixture.index.statistics().documents == 0)
    }

    @Test func documentsRoundTripAndPersistAcrossOpens() throws {
        let fixture = try IndexFixture()
        let original = bookmark(7, "Title", description: "Desc", notes: "Notes", tags: ["a", "b c"], unread: true,
                                aiSummary: "Sum", aiTags: ["x"])
        try fixture.index.upsert([original])
        let reopened = try fixture.reopen()
        #expect(try reopened.document(id: 7) == IndexedDocument(original))
        #expect(try reopened.keywordSearch("desc", limit: 5).map(\.bookmarkID) == [7])
    }

    @Test func removeAllExceptKeepsOnlyTheGivenIDs() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert((1...5).map { bookmark($0, "Item \($0)") })
        #expect(try fixture.index.removeAll(except: [2, 4]) == 3)
        #expect(try fixture.index.documents(ids: [1, 2, 3, 4, 5]).keys.sorted() == [2, 4])
    }
}
