import Foundation
import MarksCore
import MarksEngine
import Testing
@testable import MarksClients

@Suite struct ModelAnswersTests {
    @Test(arguments: [
        (["Swift", "swift", "SWIFT"], [String](), ["swift"]),
        (["machine learning", "Deep  Learning "], [], ["machine-learning", "deep-learning"]),
        (["#rust", "##go", "#"], [], ["rust", "go"]),
        (["a,b,c", "d", "e", "f"], [], ["a", "b", "c", "d", "e"]),
        (["news", "Tech"], ["tech"], ["tech", "news"]),
        ([String(repeating: "x", count: 65), "ok"], [], ["ok"]),
        (["---", "!!", "v2"], [], ["v2"]),
    ])
    func tagsAreCleaned(raw: [String], vocabulary: [String], expected: [String]) {
        #expect(ModelAnswers.cleanTags(raw, vocabulary: vocabulary) == expected)
    }

    @Test func theFirstObjectIsFoundAroundProseAndFences() throws {
        struct Shape: Decodable { let a: Int }
        #expect(try ModelAnswers.decode(Shape.self, from: "```json\n{\"a\": 1}\n```").a == 1)
        #expect(try ModelAnswers.decode(Shape.self, from: "Sure: {\"a\": 2} Hope this helps.").a == 2)
        #expect(throws: ProviderError.self) { try ModelAnswers.decode(Shape.self, from: "} nothing {") }
        #expect(throws: ProviderError.self) { try ModelAnswers.decode(Shape.self, from: "") }
        #expect(throws: ProviderError.self) { try ModelAnswers.decode(Shape.self, from: "{\"a\": \"one\"}") }
    }

    @Test func longSummariesAreCutCleanly() {
        let sentence = "Swift actors isolate state. "
        let long = String(repeating: sentence, count: 40)
        let cut = ModelAnswers.cut(long, to: 500)
        #expect(cut.count <= 500)
        #expect(cut.hasSuffix("state."))
        let words = String(repeating: "word ", count: 200)
        #expect(ModelAnswers.cut(words, to: 50).hasSuffix("word…"))
        #expect(ModelAnswers.cut("  short  ", to: 50) == "short")
    }

    @Test func enrichAnswersNeedSummaryAndTags() throws {
        let request = EnrichRequest(url: "https://example.com")
        let result = try ModelAnswers.enrich(#"{"summary": "A page.", "tags": ["One", "two"], "extra": 1}"#, request: request, engine: "e")
        #expect(result == EnrichResult(summary: "A page.", tags: ["one", "two"], engine: "e"))
        #expect(throws: ProviderError.self) { try ModelAnswers.enrich(#"{"summary": "A page."}"#, request: request, engine: "e") }
        #expect(throws: ProviderError.self) { try ModelAnswers.enrich(#"{"tags": ["a"]}"#, request: request, engine: "e") }
    }

    @Test func rankAnswersNeedAKnownID() {
        let items = [RankItem(id: 1, title: "a", domain: "d")]
        #expect(throws: ProviderError.invalidAnswer("none of the given ids is ranked")) {
            try ModelAnswers.rank(#"{"results": [{"id": 7, "score": 1}]}"#, items: items)
        }
        #expect(throws: ProviderError.self) { try ModelAnswers.rank(#"{"results": [{"id": 1}]}"#, items: items) }
    }

    @Test func emptyCollectionsAreAnAnswer() throws {
        let items = (1...3).map { CollectionItem(id: $0, title: "t", domain: "d") }
        #expect(try ModelAnswers.collections(#"{"collections": []}"#, items: items).isEmpty)
        #expect(throws: ProviderError.self) {
            try ModelAnswers.collections(#"{"collections": [{"name": "X", "bookmark_ids": [9, 10]}]}"#, items: items)
        }
    }
}
