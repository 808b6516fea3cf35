import Foundation
import MarksIndex

extension AskService {
    /// Answers a request within its conversation: the provider's tool-use loop first when one is configured
    /// (`AskProviderLoop`, given the last turns), else — or when its answer is not usable, saying why in
    /// `fallbackReason` — the offline engine, whose search carries the previous question's subject words for a
    /// follow-up that points back, or for a short one the library cannot answer alone (`followUp`, `offlineAnswer`).
    /// The answer streams to `onToken` one sentence at a time with its `[n]` (joined, the tokens are `displayText`),
    /// then the turn is kept. Tokens are provisional: when a
    /// provider's answer is rejected after some of it streamed, the returned answer is the answer. A request
    /// without a conversation id starts a new conversation, whose id the answer carries (none without a store).
    public func ask(_ request: AskRequest, onToken: @escaping @Sendable (String) -> Void = { _ in }) async throws -> AskAnswer {
        let conversationID = try conversations.map { _ in try Self.checked(request.conversationID) ?? newConversationID() }
        guard request.question.contains(where: { $0.isLetter || $0.isNumber }) else { throw IndexError.emptyQuery }
        var earlier: [AskTurn] = []
        if let conversations, let id = request.conversationID {
            earlier = try await workers.run { try conversations.turns(of: id, last: AskProviderLoop.historyTurns) }
        }
        let followUp = Self.followUp(request.question, after: earlier.last)
        var query = followUp.carried ?? request.question
        let sink = AskTokenSink(onToken)
        var answer: AskAnswer
        var fallbackReason: String?
        let offline: @Sendable () throws -> (AskAnswer, String) = { [self] in try self.offlineAnswer(request.question, followUp, filter: request.filter) }
        if let provider {
            do {
                answer = try await AskProviderLoop(client: provider, tool: tool, workers: workers)
                    .answer(request.question, filter: request.filter, history: earlier, sink: sink)
            } catch let failure as AskProviderLoop.Failure {
                fallbackReason = "\(provider.engineName): \(failure.reason)"
                (answer, query) = try await workers.run(offline)
                Self.stream(answer, to: sink)
            }
        } else {
            (answer, query) = try await workers.run(offline)
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
    static let pointingWords: Set<String> = ["it", "its", "they", "them", "their", "he", "she", "him", "her", "his", "these", "those"]
    /// Words that point back only in a short question ("is there a free one?"); in a longer one they are
    /// conjunctions and places ("a program that draws…", "get there").
    static let weakPointingWords: Set<String> = ["this", "that", "there", "one", "ones"]
    /// Words that carry no subject of their own.
    static let fillerWords: Set<String> = ["what", "which", "who", "whom", "whose", "when", "where", "why", "how", "about",
                                           "does", "did", "do", "is", "are", "was", "were", "the", "a", "an", "and", "or",
                                           "of", "to", "in", "on", "for", "with", "can", "could", "should", "would", "i",
                                           "me", "my", "you", "your", "be", "been", "much", "many", "more", "also", "else"]

    /// How a question follows the previous turn.
    struct FollowUp: Equatable {
        /// The question with the previous turn's subject words after its own; nil when it is searched as asked.
        var carried: String?
        /// Whether it points back ("it", "they"; "that one" when short): searched with the earlier subject only.
        /// Otherwise a short question is answered on its own when it can be, so a new question in the same
        /// conversation ("what are the logging levels in python", three subject words) is not searched with the
        /// previous one's words.
        var points: Bool
    }

    /// A follow-up — pointing back ("it", "they", "that one"), or short (three subject words at most) — carries the
    /// previous turn's subject words after its own (eight at most); any other question is searched as asked.
    static func followUp(_ question: String, after previous: AskTurn?) -> FollowUp {
        guard let previous else { return FollowUp(carried: nil, points: false) }
        let words = Self.words(question)
        let subject = words.filter { !fillerWords.contains($0) && !pointingWords.contains($0) && !weakPointingWords.contains($0) }
        let short = subject.count <= 3
        let points = words.contains(where: pointingWords.contains) || short && words.contains(where: weakPointingWords.contains)
        guard short || points else { return FollowUp(carried: nil, points: false) }
        let carried = Self.words(previous.query).filter {
            !fillerWords.contains($0) && !pointingWords.contains($0) && !weakPointingWords.contains($0) && !words.contains($0)
        }
        var seen = Set<String>()
        let terms = carried.filter { seen.insert($0).inserted }.prefix(8)
        return FollowUp(carried: terms.isEmpty ? nil : question + " " + terms.joined(separator: " "), points: points)
    }

    /// The offline answer to `question` and the words searched: the carried query for a question that points back;
    /// for a short one the question alone first, the carried query only when that finds nothing.
    func offlineAnswer(_ question: String, _ followUp: FollowUp, filter: SearchFilter) throws -> (AskAnswer, String) {
        guard let carried = followUp.carried else { return (try ask(question, filter: filter), question) }
        if !followUp.points {
            let alone = try ask(question, filter: filter)
            if alone.isFound { return (alone, question) }
        }
        return (try ask(carried, filter: filter), carried)
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
