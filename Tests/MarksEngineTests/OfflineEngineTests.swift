import MarksTestSupport
import Foundation
import MarksCore
import Testing
@testable import MarksEngine

@Suite struct OfflineEngineTests {
    let engine = OfflineEngine(embedder: TestEmbedder())

    private func checkResult(_ result: EnrichResult) {
        #expect(result.engine == "offline")
        #expect(result.summary.count <= 480)
        #expect(result.tags.count <= 5)
        #expect(Set(result.tags).count == result.tags.count)
        for tag in result.tags {
            #expect(TagNames.parse(tag) == [tag])
            #expect(tag == tag.lowercased() && tag.count <= 64)
        }
    }

    @Test func enrichesAnArticle() async throws {
        let text = try Fixtures.text("article-recipe.txt")
        let result = try await engine.enrich(EnrichRequest(url: "https://example.com/sourdough", title: "Simple sourdough bread", text: text))
        checkResult(result)
        #expect(result.summary.hasPrefix("This simple sourdough bread needs only flour"))
        #expect((3...5).contains(result.tags.count))
    }

    /// Hostile texts by name. The test takes the name (swift-testing prints each argument, and a megabyte of
    /// `x` would fill the run's output).
    static let hostileTexts: [(name: String, text: String)] = [
        ("empty", ""),
        ("white space", " \n\t\r\n "),
        ("punctuation only", String(repeating: ".,;:!?-—()[]{}\"'", count: 500)),
        ("one huge word", String(repeating: "x", count: 1_000_000)),
        ("Chinese", String(repeating: "机器学习是人工智能的一个分支。它使计算机能够从数据中学习。", count: 20)),
        ("Arabic", String(repeating: "تعلم الآلة فرع من الذكاء الاصطناعي. يسمح للحواسيب بالتعلم من البيانات. ", count: 20)),
        ("Russian", String(repeating: "Машинное обучение — это раздел искусственного интеллекта. Компьютеры учатся на данных. ", count: 20)),
        ("control characters", String(repeating: "\u{0}\u{1}\u{2}abc\u{7F}\u{FEFF}\u{200B} ", count: 1000)),
        ("emoji", String(repeating: "🙂 👩‍💻 🇫🇷 ", count: 1000)),
        ("combining marks", String(repeating: "e\u{301}\u{302}\u{303} ", count: 5000)),
        ("furniture only", "We use cookies to improve your experience.\nSubscribe to our newsletter.\n© 2024 Example. All rights reserved."),
    ]

    @Test(arguments: hostileTexts.map(\.name))
    func acceptsHostileText(name: String) async throws {
        let text = try #require(Self.hostileTexts.first { $0.name == name }).text
        let result = try await engine.enrich(EnrichRequest(url: "https://example.com/\(name.count)", title: nil, text: text))
        checkResult(result)
    }

    @Test func fiveMegabytesOfTextAreCappedNotRejected() async throws {
        let paragraph = "Astronomers study the light of distant planets to learn what their atmospheres are made of. "
        let text = String(repeating: paragraph, count: 5_000_000 / paragraph.utf8.count)
        #expect(text.utf8.count > 4_900_000)
        let result = try await engine.enrich(EnrichRequest(url: "https://example.com/long", title: "Planets", text: text, vocabulary: ["astronomy"]))
        checkResult(result)
        #expect(result.summary.hasPrefix("Astronomers study the light"))
    }

    @Test func withoutTextItSummarisesTheDescriptionAndTagsFromTheURL() async throws {
        let described = try await engine.enrich(EnrichRequest(url: "https://example.com/x", title: "Gardening notes", description: "How to grow tomatoes. Water them often. Stake them early. Pick them ripe."))
        #expect(described.summary == "How to grow tomatoes. Water them often. Stake them early.")
        let bare = try await engine.enrich(EnrichRequest(url: "https://example.com/guides/sourdough-bread-baking"))
        checkResult(bare)
        #expect(bare.summary.isEmpty)
        #expect(bare.tags.contains("sourdough-bread") || bare.tags.contains("sourdough"))
    }

    @Test func sameRequestSameResult() async throws {
        let request = EnrichRequest(url: "https://example.com/a", title: "Sourdough", text: try Fixtures.text("article-recipe.txt"), vocabulary: ["bread", "baking"])
        let first = try await engine.enrich(request)
        let second = try await OfflineEngine(embedder: TestEmbedder()).enrich(request)
        #expect(first == second)
    }

    @Test func limitsAreEnforcedWithTypedErrors() async throws {
        let tooMany = (0...200).map { RankItem(id: $0, title: "t", domain: "d") }
        await #expect(throws: EngineError.tooManyItems(field: "bookmarks", count: 201, limit: 200)) {
            try await engine.rank(query: "q", items: tooMany)
        }
        let tooManyForCollections = (0...150).map { CollectionItem(id: $0, title: "t", domain: "d") }
        await #expect(throws: EngineError.tooManyItems(field: "bookmarks", count: 151, limit: 150)) {
            try await engine.collections(tooManyForCollections)
        }
        await #expect(throws: EngineError.missingValue(field: "query")) {
            try await engine.rank(query: "  ", items: [])
        }
        await #expect(throws: EngineError.missingValue(field: "url")) {
            try await engine.enrich(EnrichRequest(url: ""))
        }
        await #expect(throws: EngineError.tooLong(field: "url", length: 3000, limit: 2048)) {
            try await engine.enrich(EnrichRequest(url: String(repeating: "u", count: 3000)))
        }
        await #expect(throws: EngineError.tooLong(field: "vocabulary[1]", length: 300, limit: 256)) {
            try await engine.enrich(EnrichRequest(url: "https://e.com", vocabulary: ["ok", String(repeating: "t", count: 300)]))
        }
        await #expect(throws: EngineError.tooLong(field: "query", length: 1001, limit: 1000)) {
            try await engine.rank(query: String(repeating: "q", count: 1001), items: [])
        }
        await #expect(throws: EngineError.tooLong(field: "bookmarks[0].summary", length: 4001, limit: 4000)) {
            try await engine.rank(query: "q", items: [RankItem(id: 1, title: "t", domain: "d", summary: String(repeating: "s", count: 4001))])
        }
        await #expect(throws: EngineError.tooManyItems(field: "bookmarks[0].tags", count: 201, limit: 200)) {
            try await engine.collections([CollectionItem(id: 1, title: "t", domain: "d", tags: Array(repeating: "x", count: 201))])
        }
        let error = EngineError.tooManyItems(field: "bookmarks", count: 201, limit: 200)
        #expect(error.description.contains("at most 200"))
    }

    @Test func exactlyAtTheLimitsIsAccepted() async throws {
        let items = (0..<200).map { RankItem(id: $0, title: "item \($0)", domain: "d.example") }
        #expect(try await engine.rank(query: "item", items: items).count == 200)
        let collectionItems = (0..<150).map { CollectionItem(id: $0, title: "item \($0 % 7)", domain: "d.example") }
        _ = try await engine.collections(collectionItems)
    }

    @Test(arguments: [BrokenEmbedder.Fault.wrongCount, .wrongDimension, .notFinite])
    func badEmbeddingsAreRefused(fault: BrokenEmbedder.Fault) async throws {
        let broken = OfflineEngine(embedder: BrokenEmbedder(fault: fault))
        await #expect(throws: EngineError.self) {
            try await broken.enrich(EnrichRequest(url: "https://e.com", title: "A title", text: "Some text here for the page."))
        }
        await #expect(throws: EngineError.self) {
            try await broken.rank(query: "q", items: [RankItem(id: 1, title: "t", domain: "d")])
        }
    }

    @Test func embedderErrorsBecomeEngineErrors() async throws {
        struct Boom: Error {}
        struct Failing: TextEmbedder {
            let dimension = 4
            func embed(_ texts: [String]) throws -> [[Float]] { throw Boom() }
        }
        let failing = OfflineEngine(embedder: Failing())
        await #expect(throws: EngineError.embeddingFailed(reason: "Boom()")) {
            try await failing.rank(query: "q", items: [RankItem(id: 1, title: "t", domain: "d")])
        }
    }

    @Test func jsonUsesTheBackendFieldNames() throws {
        let collection = SmartCollection(name: "Crude Oil", description: "Oil.", bookmarkIDs: [3, 1])
        let json = String(decoding: try JSONEncoder().encode(collection), as: UTF8.self)
        #expect(json.contains("\"bookmark_ids\":[3,1]"))
        let request = try JSONDecoder().decode(EnrichRequest.self, from: Data(#"{"url":"https://e.com","vocabulary":["a"]}"#.utf8))
        #expect(request == EnrichRequest(url: "https://e.com", vocabulary: ["a"]))
        let item = try JSONDecoder().decode(CollectionItem.self, from: Data(#"{"id":7,"title":"t","domain":"d","tags":["x"]}"#.utf8))
        #expect(item == CollectionItem(id: 7, title: "t", domain: "d", tags: ["x"]))
    }
}
