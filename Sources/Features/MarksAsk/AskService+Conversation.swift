import Foundation
import MarksIndex

extension AskService {
    /// Answers a request within its conversation: the provider's tool-use loop first when one is configured
    /// (`AskProviderLoop`, given the last turns), else — or when its answer is not usable, saying why in
    /// `fallbackReason` — the offline engine, whose search carries the previous question's subject words for a
    /// short or pointing follow-up (`followUpQuery`). The answer streams to `onToken` one sentence at a time with
    /// its `[n]` (joined, the tokens are `displayText`), then the turn is kept. Tokens are provisional: when a
    /// provider's answer is rejected after some of it streamed, the returned answer is the answer. A request
    /// without a conversation id starts a new conversation, whose id the answer carries (none without a store).
    public func ask(_ request: AskRequest, onToken: @escaping @Sendable (String) -> Void = { _ in }) async throws -> AskAnswer {
        let conversationID = try conversations.map { _ in try Self.checked(request.conversationID) ?? newConversationID() }
        guard request.question.contains(where: { $0.isLetter || $0.isNumber }) else { throw IndexError.emptyQuery }
        var earlier: [AskTurn] = []
        if let conversations, let id = request.conversationID {
            earlier = try await workers.run { try conversations.turns(of: id, last: AskProviderLoop.historyTurns) }
        }
        let query = Self.followUpQuery(request.question, after: earlier.last)
        let sink = AskTokenSink(onToken)
        var answer: AskAnswer
        var fallbackReason: String?
        if let provider {
            do {
                answer = try await AskProviderLoop(client: provider, tool: tool, workers: workers)
                    .answer(request.question, filter: request.filter, history: earlier, sink: sink)
            } catch let failure as AskProviderLoop.Failure {
                fallbackReason = "\(provider.engineName): \(failure.reason)"
                answer = try await workers.run { try self.ask(query, filter: request.filter) }
                Self.stream(answer, to: sink)
            }
        } else {
            answer = try await workers.run { try self.ask(query, filter: request.filter) }
            Self.stream(answer, to: sink)
        }
        answer.question = request.question
        answer.conversationID = conversationID
        answer.fallbackReason = fallbackReason
        if let conversations, let conversationID {
            try conversations.append(AskTurn(question: request.question, answer: answer.displayText, query: query,
                                             engine: answer.engine, date: now()), to: conversationID)
        }
        return answer
    }

    /// The turns of a conversation, oldest first; empty when it is unknown or conversations are not kept.
    public func conversation(_ id: String) async throws -> [AskTurn] {
        guard let conversations else { return [] }
        return try await workers.run { try conversations.turns(of: id) }
    }

    /// Forgets a conversation (nothing happens for an unknown one).
    public func clearConversation(_ id: String) async throws {
        guard let conversations else { return }
        try await workers.run { _ = try conversations.clear(id) }
    }

    /// Words that point back at an earlier turn ("what about it?", "and their price?").
    static let pointingWords: Set<String> = ["it", "its", "they", "them", "their", "this", "that", "these", "those",
                                             "he", "she", "him", "her", "his", "there", "one", "ones"]
    /// Words that carry no subject of their own.
    static let fillerWords: Set<String> = ["what", "which", "who", "whom", "whose", "when", "where", "why", "how", "about",
                                           "does", "did", "do", "is", "are", "was", "were", "the", "a", "an", "and", "or",
                                           "of", "to", "in", "on", "for", "with", "can", "could", "should", "would", "i",
                                           "me", "my", "you", "your", "be", "been", "much", "many", "more", "also", "else"]

    /// The search words for a question: a follow-up — short (three subject words at most) or pointing back
    /// ("it", "they", "that") — carries the previous turn's subject words after its own; any other question
    /// is searched as asked.
    static func followUpQuery(_ question: String, after previous: AskTurn?) -> String {
        guard let previous else { return question }
        let words = Self.words(question)
        let subject = words.filter { !fillerWords.contains($0) && !pointingWords.contains($0) }
        guard subject.count <= 3 || words.contains(where: pointingWords.contains) else { return question }
        let carried = Self.words(previous.query).filter { !fillerWords.contains($0) && !pointingWords.contains($0) && !words.contains($0) }
        var seen = Set<String>()
        let terms = carried.filter { seen.insert($0).inserted }.prefix(8)
        return terms.isEmpty ? question : question + " " + terms.joined(separator: " ")
    }

    private static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Sends an answer's sentences one at a time: "first [1]", " second [2]"; "not found" as one token.
    static func stream(_ answer: AskAnswer, to sink: AskTokenSink) {
        guard answer.isFound else { return sink.send(AskAnswer.notFoundText) }
        for sentence in answer.sentences { sink.send(sentence.cited) }
    }

    /// `id` when nil or well formed; throws `AskError.invalidConversationID` otherwise.
    static func checked(_ id: String?) throws(AskError) -> String? {
        guard let id else { return nil }
        guard AskConversationStore.isValidID(id) else { throw .invalidConversationID }
        return id
    }
}
