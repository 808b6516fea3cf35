import Foundation
@testable import MarksIndex
import MarksCore
import Testing

@Suite struct HybridSearchTests {
    /// An index whose documents all have vectors (word-hash embedder).
    private func embeddedIndex(_ bookmarks: [Bookmark]) async throws -> IndexFixture {
        let fixture = try IndexFixture()
        try fixture.index.upsert(bookmarks)
        try await VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder() }.run()
        return fixture
    }

    @Test func vectorSearchRanksByCosineWithinFilters() async throws {
        let fixture = try await embeddedIndex([
            bookmark(1, "sourdough bread baking", tags: ["food"], unread: true),
            bookmark(2, "bread baking at home", tags: ["food"]),
            bookmark(3, "kubernetes cluster upgrades"),
            bookmark(4, "sourdough bread baking archived", archived: true),
        ])
        let query = WordHashEmbedder.vector("sourdough bread baking")
        let index = fixture.index
        let all = try index.vectorSearch(query, limit: 10)
        #expect(all.map(\.bookmarkID).prefix(2) == [1, 2])
        #expect(!all.map(\.bookmarkID).contains(4))
        #expect(all.allSatisfy { $0.legs == .vector && $0.vectorScore != nil })
        #expect(all.first.flatMap(\.vectorScore).map { $0 > 0.5 && $0 <= 1.0001 } == true)
        #expect(try index.vectorSearch(query, filter: SearchFilter(unreadOnly: true), limit: 10).map(\.bookmarkID) == [1])
        #expect(try index.vectorSearch(query, filter: SearchFilter(tag: "FOOD"), limit: 10).map(\.bookmarkID) == [1, 2])
        #expect(try index.vectorSearch(query, filter: SearchFilter(archived: true), limit: 10).map(\.bookmarkID) == [4])
        #expect(try index.vectorSearch(query, filter: SearchFilter(tag: "none"), limit: 10).isEmpty)
        #expect(throws: IndexError.dimensionMismatch(expected: WordHashEmbedder.dimension, found: 2)) {
            try index.vectorSearch([1, 0], limit: 3)
        }
    }

    @Test(arguments: [1, 3, 10, 60])
    func filteredVectorSearchMatchesABruteForceScan(archivedEvery: Int) async throws {
        // Archived shares from 100% down to a few percent exercise the subset copy and the over-fetch paths.
        let bookmarks = (1...120).map { id in
            bookmark(id, "item \(id % 7) word\(id % 11) topic\(id % 5)", unread: id % 3 == 0, archived: id % archivedEvery == 0)
        }
        let fixture = try await embeddedIndex(bookmarks)
        let query = WordHashEmbedder.vector("item 3 word5 topic2")
        for filter in [SearchFilter(), SearchFilter(unreadOnly: true), SearchFilter(archived: true)] {
            let expected = bookmarks
                .filter { $0.isArchived == filter.archived && (!filter.unreadOnly || $0.unread) }
                .map { ($0.id, dot(query, WordHashEmbedder.vector(IndexedDocument($0).embeddingText))) }
            let found = try fixture.index.vectorSearch(query, filter: filter, limit: 5)
            #expect(found.count == min(5, expected.count))
            // Same scores as a brute-force scan (ids may differ only among equal scores).
            let best = expected.map(\.1).sorted(by: >).prefix(5)
            for (hit, score) in zip(found, best) {
                #expect(abs((hit.vectorScore ?? 0) - Double(score)) < 1e-4)
            }
        }
    }

    @Test func fusionPutsDocumentsBothLegsFoundFirst() async throws {
        let fixture = try await embeddedIndex([
            bookmark(1, "sourdough bread"),
            bookmark(2, "bread"),
            bookmark(3, "sourdough starter feeding schedule"),
            bookmark(4, "unrelated rust compiler"),
        ])
        let hits = try fixture.index.hybridSearch("sourdough bread", queryVector: WordHashEmbedder.vector("sourdough bread"), limit: 3)
        #expect(hits.first?.bookmarkID == 1)
        #expect(hits.first?.legs == [.keyword, .vector])
        // Its cosine plus the keyword leg's weight (it is the best keyword match: its share is 1).
        let expected = (hits.first?.vectorScore ?? 0) + SearchIndex.keywordWeight
        #expect(abs((hits.first?.score ?? 0) - expected) < 1e-12)
        #expect(hits.count == 3)
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func anArchivedPageIsSearchedByItsTextNotOnlyItsTitle() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Notes"), bookmark(2, "Isolate"), bookmark(3, "Old notes", archived: true)])
        try fixture.index.syncPageTexts(ids: [1], from: BookmarkSearchToolTests.page([
            PassageBlock(.paragraph, "A virtual environment keeps each project's dependencies apart."),
            PassageBlock(.paragraph, "Create one per project, then install packages into it."),
        ]))
        try fixture.index.syncPageTexts(ids: [3], from: BookmarkSearchToolTests.page([
            PassageBlock(.paragraph, "A virtual environment keeps each project's dependencies apart."),
        ]))
        try await VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder() }.run()
        let query = "virtual environment project dependencies"
        let hits = try fixture.index.hybridSearch(query, queryVector: WordHashEmbedder.vector(query), limit: 5)
        #expect(hits.first?.bookmarkID == 1, "its page's passage answers, though its title does not")
        #expect(hits.first?.legs == [.keyword, .vector])
        let title = try #require(try fixture.index.vectorSearch(WordHashEmbedder.vector(query), limit: 5).first { $0.bookmarkID == 1 })
        #expect((hits.first?.vectorScore ?? 0) > (title.vectorScore ?? 0), "the passage is closer than the title alone")
        #expect(!hits.contains { $0.bookmarkID == 3 }, "archived bookmarks stay out of the live library")
    }

    @Test func aQueryWithNoMatchingWordsStillFindsByMeaning() async throws {
        let fixture = try await embeddedIndex([bookmark(1, "alpha beta"), bookmark(2, "gamma delta")])
        let hits = try fixture.index.hybridSearch("zzz", queryVector: WordHashEmbedder.vector("alpha beta"), limit: 5)
        #expect(hits.first?.bookmarkID == 1)
        #expect(hits.allSatisfy { $0.legs == .vector })
        // Punctuation only: the vector leg alone.
        #expect(try fixture.index.hybridSearch("!!", queryVector: WordHashEmbedder.vector("gamma"), limit: 1).map(\.bookmarkID) == [2])
        // Without a vector it is keyword search.
        #expect(try fixture.index.hybridSearch("gamma", queryVector: nil, limit: 5).map(\.legs) == [.keyword])
        #expect(throws: IndexError.emptyQuery) { try fixture.index.hybridSearch("!!", queryVector: nil, limit: 5) }
    }

    @Test func vectorsInMemoryFollowEveryWrite() async throws {
        let fixture = try await embeddedIndex([bookmark(1, "first topic")])
        let index = fixture.index
        let indexer = VectorIndexer(index: index) { WordHashEmbedder.embedder() }
        #expect(try index.loadedVectorCount() == 1)
        try index.upsert([bookmark(2, "second topic")])
        try await indexer.run()
        #expect(try index.vectorSearch(WordHashEmbedder.vector("second topic"), limit: 1).map(\.bookmarkID) == [2])
        try index.upsert([bookmark(2, "second topic", archived: true)])
        #expect(try index.vectorSearch(WordHashEmbedder.vector("second topic"), limit: 5).map(\.bookmarkID) == [1])
        try index.remove(ids: [1])
        #expect(try index.vectorSearch(WordHashEmbedder.vector("first topic"), limit: 5).isEmpty)
        #expect(try index.loadedVectorCount() == 1)
    }

    /// `marks serve` lets the loaded vectors go after minutes unused: nothing is held, and the next search reads them
    /// again with every write made since (a write meeting released rows must not leave them half-applied).
    @Test func releasedVectorsAreReadAgainWithTheWritesMadeSince() async throws {
        let fixture = try await embeddedIndex([bookmark(1, "first topic"), bookmark(3, "third topic")])
        let index = fixture.index
        #expect(try index.vectorSearch(WordHashEmbedder.vector("first topic"), limit: 1).map(\.bookmarkID) == [1])
        index.releaseLoadedVectors()
        #expect(!index.matrix.withRows(\.isLoaded) && !index.passages.withRows(\.isLoaded))
        try index.upsert([bookmark(2, "second topic")])
        try index.remove(ids: [3])
        try await VectorIndexer(index: index) { WordHashEmbedder.embedder() }.run()
        #expect(try index.vectorSearch(WordHashEmbedder.vector("second topic"), limit: 1).map(\.bookmarkID) == [2])
        #expect(try index.vectorSearch(WordHashEmbedder.vector("third topic"), limit: 5).map(\.bookmarkID).contains(3) == false)
        #expect(try index.loadedVectorCount() == 2)
    }

    @Test func anotherProcessesWritesAreSeen() async throws {
        let fixture = try await embeddedIndex([bookmark(1, "first topic")])
        #expect(try fixture.index.loadedVectorCount() == 1)
        let other = try fixture.reopen()
        try other.upsert([bookmark(2, "second topic")])
        try await VectorIndexer(index: other) { WordHashEmbedder.embedder() }.run()
        #expect(try fixture.index.vectorSearch(WordHashEmbedder.vector("second topic"), limit: 1).map(\.bookmarkID) == [2])
        try other.remove(ids: [2])
        #expect(try fixture.index.vectorSearch(WordHashEmbedder.vector("second topic"), limit: 5).map(\.bookmarkID) == [1])
        try other.clear()
        #expect(try fixture.index.loadedVectorCount() == 0)
    }

    @Test func searchServiceReturnsDocumentsAndSaysHowItFoundThem() async throws {
        let fixture = try await embeddedIndex([bookmark(1, "sourdough bread", tags: ["food"], aiSummary: "How to bake")])
        let service = SearchService(index: fixture.index, embedder: LazyEmbedder { WordHashEmbedder.embedder() })
        let semantic = try await service.search(SearchRequest(text: "sourdough", mode: .semantic))
        #expect(semantic.map(\.document.id) == [1])
        #expect(semantic.first?.legNames == ["keyword", "vector"])
        let json = String(decoding: try JSONEncoder().encode(semantic), as: UTF8.self)
        #expect(json.contains("\"legs\":[\"keyword\",\"vector\"]"))
        #expect(json.contains("\"summary\":\"How to bake\""))
        #expect(try await service.search(SearchRequest(text: "bread", mode: .keyword)).first?.legNames == ["keyword"])
        // A bookmark found by the vector leg alone is listed only when similar enough.
        #expect(try await service.search(SearchRequest(text: "zzz", mode: .semantic, minimumSimilarity: -1)).map(\.document.id) == [1])
        #expect(try await service.search(SearchRequest(text: "zzz", mode: .semantic, minimumSimilarity: 0.99)).isEmpty)
        #expect(try await service.search(SearchRequest(text: "bread", mode: .semantic, minimumSimilarity: 0.99)).map(\.document.id) == [1])
        await #expect(throws: IndexError.emptyQuery) { try await service.search(SearchRequest(text: " ", mode: .semantic)) }
        let noModel = SearchService(index: fixture.index, embedder: LazyEmbedder { throw IndexError.modelMissing(message: "run make model") })
        await #expect(throws: IndexError.modelMissing(message: "run make model")) { try await noModel.search(SearchRequest(text: "bread", mode: .semantic)) }
        #expect(try await noModel.search(SearchRequest(text: "bread", mode: .keyword)).count == 1)
    }
}

private func dot(_ a: [Float], _ b: [Float]) -> Float {
    zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
}
