import Foundation
import MarksCore
import MarksIndex
import MarksAsk
import SQLiteDatabase
import SystemSupport
import Testing

/// Ask offline over a real index (SQLite file, passages, vectors from the word-hash embedder): answers cite
/// the passage they quote, filters hold, and what the library does not hold is "not found" with the nearest items.
@Suite struct AskServiceTests {
    static func service(_ fixture: IndexFixture, model: Bool = true) -> AskService {
        let embedder = LazyEmbedder {
            guard model else { throw IndexError.modelMissing(message: "no model in this test") }
            return WordHashEmbedder.embedder()
        }
        return AskService(tool: BookmarkSearchTool(index: fixture.index, embedder: embedder), embedder: embedder)
    }

    @Test func anAnswerQuotesAndCitesThePassageThatHoldsIt() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let answer = try await Self.service(fixture).ask("How often do I feed the sourdough starter with rye flour?")
        #expect(answer.isFound, "\(answer.reason ?? "")")
        #expect(answer.text == "Feed the sourdough starter with rye flour twice a day. [1]")
        let citation = try #require(answer.citations.first)
        #expect(citation.number == 1 && citation.passage.document.id == 1 && citation.passage.passage.heading == "Starter")
        #expect(citation.quote == "Feed the sourdough starter with rye flour twice a day.")
        #expect(answer.usedVectors && answer.engine == "offline")
    }

    @Test func sourcesAnswerTooWithTheirPage() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let answer = try await Self.service(fixture).ask("How do I measure the dough temperature with a probe?")
        let citation = try #require(answer.citations.first, "\(answer.reason ?? "")")
        #expect(citation.passage.document.url == "marks-source://lab" && citation.passage.passage.page == 2)
        let bookmarksOnly = try await Self.service(fixture).ask("How do I measure the dough temperature with a probe?",
                                                                filter: SearchFilter(sources: .excluded))
        #expect(!bookmarksOnly.citations.contains { $0.passage.document.isSource })
    }

    @Test func whatTheLibraryDoesNotHoldIsNotFoundWithTheNearestItems() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let answer = try await Self.service(fixture).ask("How much did Exxon pay for the dough?")
        #expect(!answer.isFound && answer.sentences.isEmpty && answer.citations.isEmpty)
        #expect(answer.reason?.contains("exxon") == true)
        #expect(!answer.nearest.isEmpty, "the nearest items are listed instead")
        let urls = answer.nearest.map(\.document.url)
        #expect(Set(urls).count == urls.count, "each item once, however many of its passages are near: \(urls)")
    }

    /// Bookmarks whose pages' text is not saved (nor a description or notes) match by their titles; Ask says so instead
    /// of answering with the titles as sentences, cited (it did: "How to make sourdough bread at home. [1]").
    @Test func titlesAloneAreNotAnAnswer() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([
            bookmark(1, "How to make sourdough bread at home"),
            bookmark(2, "Sourdough bread for beginners"),
            bookmark(3, "Tax forms"),
        ])
        try await VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder() }.run()
        let answer = try await Self.service(fixture).ask("How do I make sourdough bread?")
        #expect(!answer.isFound, "answered with titles: \(answer.text)")
        #expect(answer.citations.isEmpty)
        #expect(answer.reason == AskService.labelsOnlyReason)
        #expect(Set(answer.nearest.map(\.document.id)).isSuperset(of: [1, 2]), "the bookmarks are offered to open")

        try fixture.index.upsert([bookmark(4, "Bread notes", notes: "Make sourdough bread with a stiff starter and a long cold proof.")])
        try await VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder() }.run()
        let fromNotes = try await Self.service(fixture).ask("How do I make sourdough bread?")
        #expect(fromNotes.isFound, "the person's own notes still answer: \(fromNotes.reason ?? "")")
        #expect(fromNotes.citations.allSatisfy { $0.passage.document.id == 4 })
    }

    @Test func withoutTheModelItAnswersFromWordsAndSaysSo() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let answer = try await Self.service(fixture, model: false).ask("How often do I feed the sourdough starter with rye flour?")
        #expect(!answer.usedVectors)
        #expect(answer.citations.first?.passage.document.id == 1)
    }

    @Test func aQuestionWithoutWordsIsRefused() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        await #expect(throws: IndexError.self) { try await Self.service(fixture).ask("?!") }
    }
}
