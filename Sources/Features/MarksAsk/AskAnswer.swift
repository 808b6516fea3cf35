import MarksEngine
import MarksIndex

/// An answer to a question over the library: its sentences, each citing the passage it comes from by number,
/// the numbered citations, or — when nothing in the library answers it — why not and the nearest items.
public struct AskAnswer: Sendable, Equatable {
    /// One sentence of the answer and the citations it carries (`[n]`, at least one).
    public struct Sentence: Sendable, Equatable {
        public var text: String
        /// The numbers of the passages it cites, first the one it comes from.
        public var citations: [Int]

        /// A sentence citing one passage.
        public init(text: String, citation: Int) {
            self.init(text: text, citations: [citation])
        }

        /// A sentence citing several passages.
        public init(text: String, citations: [Int]) {
            self.text = text
            self.citations = citations
        }

        /// The first passage it cites.
        public var citation: Int { citations.first ?? 0 }

        /// The sentence followed by its markers: "… [1]", "… [1][3]".
        public var cited: String { text + " " + citations.map { "[\($0)]" }.joined() }
    }

    /// One cited passage: the bookmark or source it belongs to and the words quoted from it.
    public struct Citation: Sendable, Equatable {
        /// The number the answer cites it by, 1 first.
        public var number: Int
        public var passage: PassageResult
        /// The answer's sentences taken from this passage, in text order.
        public var quote: String
    }

    public var question: String
    /// The answer's sentences; empty when not found.
    public var sentences: [Sentence]
    public var citations: [Citation]
    /// When not found: the nearest passage of each of the items nearest the question (one per bookmark or source,
    /// at most five; see `nearestItems`).
    public var nearest: [PassageResult]
    /// Why there is no answer, for a person; nil when there is one.
    public var reason: String?
    /// False when the model is not installed and the answer was made from words alone.
    public var usedVectors: Bool
    /// Which engine answered: "offline", or the provider's `anthropic:<model>` / `openai:<model>`.
    public var engine: String
    /// The conversation this answer belongs to (ask follow-ups with it); nil when conversations are not kept.
    public var conversationID: String? = nil
    /// Why the provider's answer was not used (it failed, never searched, or cited what it had not retrieved),
    /// so the offline engine answered instead; nil when nothing fell back.
    public var fallbackReason: String? = nil
    /// Offline: the best sentence's score (0…1), answered or not, which the answerer's floor was compared with.
    public var score: Double = 0
    /// Offline: what the answerability decision weighed (best score, coverage, lead, agreement, confidence).
    public var signals = ExtractiveAnswer.Signals()

    /// Whether the library answered the question.
    public var isFound: Bool { !sentences.isEmpty }

    /// The answer as one text, each sentence followed by its citation: "… [1] … [2]".
    public var text: String {
        sentences.map(\.cited).joined(separator: " ")
    }

    /// What a person is shown: the answer's text, or "I couldn't find that in your bookmarks.".
    public var displayText: String { isFound ? text : Self.notFoundText }

    /// What Ask says when the library holds no answer.
    public static let notFoundText = "I couldn't find that in your bookmarks."
}

extension AskAnswer {
    /// The items nearest a question, for "not found": the best passage of each bookmark or source, in the order
    /// found, at most `limit` (a bookmark with three close passages is one item, not three).
    public static func nearestItems(_ passages: [PassageResult], limit: Int = 5) -> [PassageResult] {
        var seen = Set<String>()
        return Array(passages.filter { seen.insert($0.document.url).inserted }.prefix(limit))
    }
}
