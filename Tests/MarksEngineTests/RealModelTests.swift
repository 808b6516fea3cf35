import HTMLExtraction
import MarksCore
import Testing
@testable import MarksEngine

/// The engine on the real all-MiniLM-L6-v2 model and handmade fixtures (skipped when the model is not installed).
@Suite(.enabled(if: ModelFixture.isInstalled, "the embedding model is not installed: run scripts/fetch-model.sh"))
struct RealModelTests {
    /// Real tags about none of the fixtures, making a vocabulary "established" (no new tags when something fits).
    static let otherTopics = [
        "kubernetes", "javascript", "tax-returns", "knitting", "football", "jazz", "hockey", "woodworking", "fashion",
        "parenting", "cars", "chess", "poetry", "politics", "law", "marketing", "databases", "golf", "yoga", "surfing",
        "fishing", "opera", "linux", "crypto", "real-estate",
    ]

    @Test func summaryOfAnArticleSkipsFurnitureAndKeepsTheLead() async throws {
        let engine = try ModelFixture.engine()
        let text = try Fixtures.text("article-with-furniture.txt")
        let result = try await engine.enrich(EnrichRequest(url: "https://news.example/planet", title: "Water found on a habitable-zone planet", text: text))
        #expect(result.summary.hasPrefix("Astronomers have discovered water vapour in the atmosphere of a planet"))
        #expect(result.summary.count <= 480, "an article may use the longer budget")
        for furniture in ["cookie", "Subscribe", "©", "Share", "Follow", "Privacy", "Skip"] {
            #expect(!result.summary.contains(furniture), "\(furniture) in \(result.summary)")
        }
        #expect((3...5).contains(result.tags.count), "\(result.tags)")
    }

    @Test func enrichesAPageFromTheHTMLExtractor() async throws {
        let engine = try ModelFixture.engine()
        let document = try HTMLDocument(html: try Fixtures.text("news-page.html"))
        let request = EnrichRequest(url: "https://times.example/night-trains", readable: document.readableText(), vocabulary: ["travel", "trains", "climate", "cooking"])
        let result = try await engine.enrich(request)
        #expect(result.summary.hasPrefix("Overnight sleeper trains are returning to routes across Europe"), "\(result.summary)")
        #expect(result.tags.contains("trains") || result.tags.contains("travel"), "\(result.tags)")
        #expect(!result.tags.contains("cooking"))
        #expect(!result.summary.contains("cookie") && !result.summary.contains("Share") && !result.summary.contains("©"))
    }

    @Test func tagsPreferTheVocabulary() async throws {
        let engine = try ModelFixture.engine()
        let planet = try await engine.enrich(EnrichRequest(
            url: "https://news.example/planet", title: "Water found on a habitable-zone planet", text: try Fixtures.text("article-with-furniture.txt"),
            vocabulary: ["astronomy", "space", "cooking", "personal-finance", "python", "exoplanets", "recipes"] + Self.otherTopics))
        #expect(planet.tags.allSatisfy { ["astronomy", "space", "exoplanets"].contains($0) }, "\(planet.tags)")
        #expect(planet.tags.contains("astronomy") || planet.tags.contains("exoplanets"))

        let bread = try await engine.enrich(EnrichRequest(
            url: "https://food.example/sourdough", title: "Simple sourdough bread", text: try Fixtures.text("article-recipe.txt"),
            vocabulary: ["baking", "bread", "recipes", "astronomy"] + Self.otherTopics))
        #expect(bread.tags.contains("bread") || bread.tags.contains("baking"), "\(bread.tags)")
        #expect(bread.tags.allSatisfy { ["baking", "bread", "recipes"].contains($0) }, "\(bread.tags)")
        #expect(!bread.tags.contains("astronomy") && !bread.tags.contains("javascript"))
    }

    @Test func newTagsWhenNothingInTheVocabularyFits() async throws {
        let engine = try ModelFixture.engine()
        let result = try await engine.enrich(EnrichRequest(
            url: "https://food.example/sourdough", title: "Simple sourdough bread", text: try Fixtures.text("article-recipe.txt"),
            vocabulary: ["kubernetes", "javascript", "tax-returns"]))
        #expect((1...5).contains(result.tags.count))
        #expect(result.tags.allSatisfy { !["kubernetes", "javascript", "tax-returns"].contains($0) }, "\(result.tags)")
        #expect(result.tags.contains { $0.contains("sourdough") || $0.contains("bread") || $0.contains("dough") }, "\(result.tags)")
    }

    @Test func aPageWithoutUsableWordsCanStillGetVocabularyTags() async throws {
        let engine = try ModelFixture.engine()
        // Only numbers and symbols: no keyphrase candidate, but the page is close to a vocabulary tag.
        let result = try await engine.enrich(EnrichRequest(url: "https://e.example/1", title: "3.14159 2.71828 1.41421 = π e √2",
                                                          vocabulary: ["math", "cooking", "football"] + Self.otherTopics))
        #expect(result.tags == ["math"], "\(result.tags)")
    }

    @Test func semanticSearchFindsBookmarksByMeaning() async throws {
        let engine = try ModelFixture.engine()
        let bookmarks = try Fixtures.bookmarks()
        let items = bookmarks.map { RankItem(id: $0.id, title: $0.title, domain: $0.domain, summary: $0.summary) }
        let topic = Dictionary(uniqueKeysWithValues: bookmarks.map { ($0.id, $0.topic) })
        for (query, expected) in [("baking a loaf of bread", "baking"), ("galaxies and telescopes", "astronomy"),
                                  ("saving money for retirement", "finance"), ("memory safe systems language", "rust")] {
            let ranked = try await engine.rank(query: query, items: items)
            #expect(ranked.count == items.count)
            #expect(ranked.prefix(3).allSatisfy { topic[$0.id] == expected }, "\(query): \(ranked.prefix(3).map { topic[$0.id] ?? "?" })")
        }
    }

    @Test func collectionsRecoverTheTopics() async throws {
        let engine = try ModelFixture.engine()
        let bookmarks = try Fixtures.bookmarks()
        let items = bookmarks.map { CollectionItem(id: $0.id, title: $0.title, domain: $0.domain, summary: $0.summary) }
        let collections = try await engine.collections(items)
        let labels = QualityReport.assignments(collections, count: bookmarks.count + 1)
        let ari = EvaluationMetrics.adjustedRandIndex(bookmarks.map(\.topic), bookmarks.map { labels[$0.id] })
        #expect(ari >= 0.8, "ARI \(ari): \(collections.map(\.name))")
        #expect(collections.allSatisfy { (1...4).contains($0.name.split(separator: " ").filter { $0 != "&" }.count) })
        #expect(try await engine.collections(items) == collections)
    }
}
