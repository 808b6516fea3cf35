import Foundation
import MarksCore
import MarksIndex
@testable import MarksAsk
import SQLiteDatabase
import Synchronization
import Testing

/// Ask's request API: answers stream sentence by sentence, turns are kept per conversation in `marks.sqlite`
/// (bounded, clearable), and a malformed conversation id is refused before anything is asked.
@Suite struct AskConversationTests {
    static func service(_ fixture: IndexFixture, ids: [String] = ["c1", "c2", "c3"]) throws -> AskService {
        let embedder = LazyEmbedder { WordHashEmbedder.embedder() }
        let next = Mutex(ids)
        return AskService(tool: BookmarkSearchTool(index: fixture.index, embedder: embedder), embedder: embedder,
                          conversations: try AskConversationStore(database: Database(path: fixture.path)),
                          now: { Date(timeIntervalSince1970: 1_800_000_000) },
                          newConversationID: { next.withLock { $0.removeFirst() } })
    }

    @Test func theOfflineAnswerStreamsOneSentenceAtATimeAndIsKept() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let service = try Self.service(fixture)
        let tokens = Mutex<[String]>([])
        let answer = try await service.ask(AskRequest(question: "How often do I feed the sourdough starter with rye flour?")) { token in
            tokens.withLock { $0.append(token) }
        }
        #expect(answer.conversationID == "c1")
        #expect(tokens.withLock { $0 } == ["Feed the sourdough starter with rye flour twice a day. [1]"])
        #expect(tokens.withLock { $0.joined() } == answer.displayText)
        let turns = try await service.conversation("c1")
        #expect(turns == [AskTurn(question: "How often do I feed the sourdough starter with rye flour?", answer: answer.text,
                                  query: "How often do I feed the sourdough starter with rye flour?", engine: "offline",
                                  date: Date(timeIntervalSince1970: 1_800_000_000))])
        let second = try await service.ask(AskRequest(question: "What is the capital of Peru?", conversationID: "c1"))
        #expect(second.conversationID == "c1" && !second.isFound)
        #expect(try await service.conversation("c1").map(\.answer) == [answer.text, AskAnswer.notFoundText])
        try await service.clearConversation("c1")
        #expect(try await service.conversation("c1").isEmpty)
    }

    @Test func aShortOrPointingFollowUpCarriesTheEarlierSubject() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let service = try Self.service(fixture)
        let first = try await service.ask(AskRequest(question: "How often do I feed the sourdough starter?"))
        let id = try #require(first.conversationID)
        let followUp = try await service.ask(AskRequest(question: "And with which flour do I feed it?", conversationID: id))
        #expect(followUp.isFound && followUp.text.contains("rye flour"))
        let unrelated = try await service.ask(AskRequest(question: "What is the capital city of Peru in South America?", conversationID: id))
        #expect(!unrelated.isFound)
        let queries = try await service.conversation(id).map(\.query)
        #expect(queries == ["How often do I feed the sourdough starter?", "And with which flour do I feed it? often sourdough starter",
                            "What is the capital city of Peru in South America?"])
        // A new conversation carries nothing.
        let fresh = try await service.ask(AskRequest(question: "And with which flour do I feed it?"))
        #expect(try await service.conversation(try #require(fresh.conversationID)).map(\.query) == ["And with which flour do I feed it?"])
    }

    /// Found asking `marks ask` one question after another: a new question with three subject words ("what are the
    /// logging levels in python") counted as a follow-up and was searched with the previous question's words, so it
    /// was answered from the previous subject.
    @Test func aShortQuestionOnAnotherSubjectIsAnsweredOnItsOwn() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let service = try Self.service(fixture)
        let first = try await service.ask(AskRequest(question: "How often do I feed the sourdough starter?"))
        let id = try #require(first.conversationID)
        let other = try await service.ask(AskRequest(question: "Why does yeast lift dough?", conversationID: id))
        #expect(other.isFound && other.text.contains("carbon dioxide") && !other.text.contains("rye flour"), "\(other.text)")
        // Short, and answered alone: searched as asked too.
        let short = try await service.ask(AskRequest(question: "Which flour then?", conversationID: id))
        #expect(short.isFound && short.text.contains("rye flour"), "\(short.text)")
        let queries = try await service.conversation(id).map(\.query)
        #expect(queries == ["How often do I feed the sourdough starter?", "Why does yeast lift dough?", "Which flour then?"])
    }

    @Test func aConjunctionIsNotAPointerInALongQuestion() {
        let previous = AskTurn(question: "q", answer: "a", query: "sourdough starter", engine: "offline", date: Date(timeIntervalSince1970: 0))
        #expect(AskService.followUp("a program that draws coloured rectangles sized by folder", after: previous).carried == nil)
        #expect(AskService.followUp("is there a free one?", after: previous) == .init(carried: "is there a free one? sourdough starter", points: true))
        #expect(AskService.followUp("does it keep", after: previous).points)
        #expect(AskService.followUp("what are the logging levels in python", after: previous)
                == .init(carried: "what are the logging levels in python sourdough starter", points: false))
        #expect(AskService.followUp("anything", after: nil) == .init(carried: nil, points: false))
    }

    @Test func aMalformedConversationIDIsRefused() async throws {
        let fixture = try await BookmarkSearchToolTests.library()
        let service = try Self.service(fixture)
        await #expect(throws: AskError.invalidConversationID) {
            try await service.ask(AskRequest(question: "sourdough?", conversationID: "../etc"))
        }
        await #expect(throws: AskError.invalidConversationID) { try await service.conversation(String(repeating: "a", count: 65)) }
    }

    @Test func aConversationKeepsItsLastTurnsOnly() throws {
        let fixture = try IndexFixture()
        let store = try AskConversationStore(database: Database(path: fixture.path))
        for number in 1...(AskConversationStore.maximumTurns + 3) {
            try store.append(AskTurn(question: "q\(number)", answer: "a", query: "q", engine: "offline",
                                     date: Date(timeIntervalSince1970: Double(number))), to: "long")
        }
        let turns = try store.turns(of: "long")
        #expect(turns.count == AskConversationStore.maximumTurns)
        #expect(turns.first?.question == "q4" && turns.last?.question == "q\(AskConversationStore.maximumTurns + 3)")
        #expect(try store.turns(of: "long", last: 2).map(\.question) == ["q52", "q53"])
        #expect(try store.latest(since: Date(timeIntervalSince1970: 53)) == "long")
        #expect(try store.latest(since: Date(timeIntervalSince1970: 54)) == nil)
    }
}
