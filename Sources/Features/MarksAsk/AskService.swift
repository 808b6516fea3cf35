import Foundation
import MarksClients
import MarksCore
import MarksEngine
import MarksIndex
import SystemSupport

/// Ask, offline: the search tool finds the passages nearest a question (bookmarks and sources, within the
/// filter), the extractive answerer picks the sentences of theirs that answer it, and each sentence cites its
/// passage. Below the answerer's floor, or when no passage holds the question's names, the answer is "not
/// found" with the nearest items, never a guess. Without the model it answers from words alone and says so.
public final class AskService: Sendable {
    public let tool: BookmarkSearchTool
    public let answerer: ExtractiveAnswerer
    /// Passages read per question.
    public let passageLimit: Int
    /// Where conversations are kept; nil keeps none (answers carry no conversation id).
    public let conversations: AskConversationStore?
    /// The language model that answers first (`AskProviderLoop`); nil answers offline only.
    public let provider: (any ProviderClient)?
    /// The sentence-scoring step: which sentences of each passage are embedded and scored.
    public let shortlist = SentenceShortlist()
    private let embedder: LazyEmbedder
    let workers: WorkerPool
    let now: @Sendable () -> Date
    let newConversationID: @Sendable () -> String

    /// A service over `tool`, embedding sentences with `embedder` (the tool's) on `workers`; conversations are
    /// kept in `conversations` (dated by `now`, new ones named by `newConversationID`); `provider` answers first.
    public init(tool: BookmarkSearchTool, embedder: LazyEmbedder, answerer: ExtractiveAnswerer = ExtractiveAnswerer(),
                passageLimit: Int = 8, workers: WorkerPool = .compute, conversations: AskConversationStore? = nil,
                provider: (any ProviderClient)? = nil,
                now: @escaping @Sendable () -> Date = { Date() },
                newConversationID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.tool = tool
        self.embedder = embedder
        self.answerer = answerer
        self.passageLimit = passageLimit
        self.workers = workers
        self.conversations = conversations
        self.provider = provider
        self.now = now
        self.newConversationID = newConversationID
    }

    /// `ask` on `workers`, never on Swift's cooperative pool.
    public func ask(_ question: String, filter: SearchFilter = SearchFilter(sources: .included)) async throws -> AskAnswer {
        try await workers.run { try self.ask(question, filter: filter) }
    }

    /// Answers one question on the calling thread. Throws `IndexError.emptyQuery` when it has no words.
    public func ask(_ question: String, filter: SearchFilter = SearchFilter(sources: .included)) throws -> AskAnswer {
        // More passages than are read, so that the bookmarks the bookmark-level search ranks first have theirs among them.
        let found = try tool.search(BookmarkSearchTool.Query(text: question, filter: filter, limit: passageLimit * 3))
        let ranks = try documentRanks(question, queryVector: found.queryVector, filter: filter)
        // A passage that only repeats a bookmark's title says what the bookmark is called, not what its page says: it is
        // never quoted as an answer. When nothing else was found, Ask says so and lists the bookmarks.
        let readable = found.passages.filter { !Self.repeatsTitle($0.passage.text, of: $0) }
        let passages = PassageOrder(limit: passageLimit).indices(documents: readable.map(\.document.id), documentRanks: ranks)
            .map { readable[$0] }
        let labelsOnly = passages.isEmpty && !found.passages.isEmpty
        let scored = try shortlist.candidates(
            question: question, passages: passages.map {
                .init(text: $0.passage.text, context: $0.document.title + " " + $0.passage.heading, relevance: $0.vectorScore)
            },
            questionVector: found.queryVector, embed: found.usedVectors ? { try self.embedder.get(interactive: true).vectors($0) } : nil)
        let questionVector = scored.questionVector
        let candidates = scored.candidates.enumerated().map { offset, candidate in
            var ranked = candidate
            ranked.documentRank = ranks[passages[offset].document.id]
            return ranked
        }
        let extracted = answerer.answer(question, questionVector: questionVector, candidates: candidates)
        guard extracted.isFound else {
            var answer = AskAnswer(question: question, sentences: [], citations: [], nearest: AskAnswer.nearestItems(passages + found.passages),
                             reason: labelsOnly ? Self.labelsOnlyReason
                                 : extracted.reason ?? (found.passages.isEmpty ? "nothing in the library matches the question" : nil),
                             usedVectors: found.usedVectors, engine: OfflineEngine.name)
            answer.score = extracted.bestScore
            answer.signals = extracted.signals
            return answer
        }
        let cited = extracted.citedCandidates
        let citations = cited.enumerated().map { offset, candidate in
            AskAnswer.Citation(number: offset + 1, passage: passages[candidate],
                               quote: extracted.sentences.filter { $0.candidate == candidate }.map(\.text).joined(separator: " "))
        }
        let answerSentences = extracted.sentences.compactMap { sentence -> AskAnswer.Sentence? in
            guard let number = cited.firstIndex(of: sentence.candidate) else { return nil }
            return AskAnswer.Sentence(text: sentence.text, citation: number + 1)
        }
        var answer = AskAnswer(question: question, sentences: answerSentences, citations: citations, nearest: [], reason: nil,
                               usedVectors: found.usedVectors, engine: OfflineEngine.name)
        answer.score = extracted.bestScore
        answer.signals = extracted.signals
        return answer
    }

    /// Each bookmark's rank (0 best) in the bookmark-level hybrid search of `question` (fields and page text fused per
    /// bookmark, as search ranks them), its 20 best.
    func documentRanks(_ question: String, queryVector: [Float]?, filter: SearchFilter) throws -> [Int: Int] {
        let hits: [SearchHit]
        do {
            hits = try tool.index.hybridSearch(question, queryVector: queryVector, filter: filter, limit: Self.rankedDocuments)
        } catch IndexError.emptyQuery {
            return [:]
        }
        return Dictionary(hits.enumerated().map { ($1.bookmarkID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Bookmarks ranked by the bookmark-level search for ordering Ask's passages.
    static let rankedDocuments = 20

    /// Why Ask does not answer with bookmarks' titles (shown after "Why:").
    public static let labelsOnlyReason = "only the titles of these bookmarks match, and a title is not an answer: "
        + "Marks has no saved text of their pages (nor a description or notes) that answers it. Open them in the reader "
        + "(which saves their text) or run marks archive-text, then ask again"

    /// Whether `text`, a passage of `result`'s, only repeats a bookmark's title: a bookmark's `fields` passage whose words
    /// are all in the title (a bookmark with no description, summary or notes has its title as its only text). A
    /// description counts as text: linkding fills it from the page's own summary, and people write their own.
    static func repeatsTitle(_ text: String, of result: PassageResult) -> Bool {
        guard result.passage.section == "fields", !result.document.isSource else { return false }
        let words = letters(text)
        return words.isEmpty || letters(result.document.displayTitle).contains(words)
    }

    /// Lowercased letters and digits, one space between words: "How to bake, fast!" → "how to bake fast".
    private static func letters(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
