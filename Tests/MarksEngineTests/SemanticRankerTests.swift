import MarksTestSupport
import Testing
@testable import MarksEngine

@Suite struct SemanticRankerTests {
    let items = [
        RankItem(id: 1, title: "Sourdough bread at home", domain: "bakery.example", summary: "Flour, water, salt and a starter."),
        RankItem(id: 2, title: "Rust ownership explained", domain: "rust.example", summary: "Borrowing and lifetimes in Rust."),
        RankItem(id: 3, title: "Exoplanet atmospheres", domain: "space.example", summary: "Telescopes find water on distant planets."),
        RankItem(id: 4, title: "Rye bread and sourdough starters", domain: "bread.example", summary: nil),
    ]

    @Test func ranksByMeaningBestFirstWithEveryIDOnce() throws {
        let ranker = SemanticRanker(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache())
        let ranked = try ranker.rank(query: "sourdough bread", items: items + [items[1]])
        #expect(ranked.map(\.id).sorted() == [1, 2, 3, 4])
        #expect(Set(ranked.prefix(2).map(\.id)) == [1, 4])
        #expect(ranked.map(\.score) == ranked.map(\.score).sorted(by: >))
    }

    @Test func titleKeywordsEarnABonus() {
        let match = KeywordMatch(query: "Rust ownership")
        #expect(match.bonus(title: "Rust ownership explained", phrase: 0.15, words: 0.1) == 0.15)
        #expect(match.bonus(title: "Ownership of Rust code", phrase: 0.15, words: 0.1) == 0.1)
        #expect(match.bonus(title: "Rust in production", phrase: 0.15, words: 0.1) == 0.05)
        #expect(match.bonus(title: "Gardening", phrase: 0.15, words: 0.1) == 0)
        #expect(KeywordMatch(query: "!!!").bonus(title: "anything", phrase: 0.15, words: 0.1) == 0)
    }

    @Test func bookmarkEmbeddingsComeFromTheCacheTheSecondTime() throws {
        let embedder = TestEmbedder()
        let ranker = SemanticRanker(embedder: embedder, cache: InMemoryEmbeddingCache())
        _ = try ranker.rank(query: "bread", items: items)
        #expect(embedder.textsEmbedded == 5)
        _ = try ranker.rank(query: "planets", items: items)
        #expect(embedder.textsEmbedded == 6)
        _ = try ranker.rank(query: "bread", items: items)
        #expect(embedder.textsEmbedded == 6)
    }

    @Test func tiesKeepTheGivenOrderAndEmptyInputGivesNothing() throws {
        let ranker = SemanticRanker(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache())
        let same = (1...5).map { RankItem(id: $0, title: "Same title", domain: "same.example") }
        #expect(try ranker.rank(query: "unrelated words", items: same).map(\.id) == [1, 2, 3, 4, 5])
        #expect(try ranker.rank(query: "anything", items: []).isEmpty)
    }
}
