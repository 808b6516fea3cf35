import Foundation
import MarksCore
import MarksIndex
import MarksLibrary
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

/// An index from before passages: its documents have none until a full sync reads them again (`marks ask` and
/// `marks search --semantic` then sync once, so Ask is not empty after an upgrade).
@Suite struct PassageBackfillTests {
    @Test func documentsWithoutPassagesAreCountedAndAnUpsertGivesThemTheirs() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        #expect(try fixture.index.documentsWithoutPassages() == 0)
        try fixture.index.database.write { try $0.execute("DELETE FROM index_passages WHERE document_id = 2") }
        #expect(try fixture.index.documentsWithoutPassages() == 1)
        try fixture.index.upsert([bookmark(2, "Kitchen science", description: "Why bread rises.")])
        #expect(try fixture.index.documentsWithoutPassages() == 0, "the unchanged document got its passages back")
    }
}
