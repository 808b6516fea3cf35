import MarksIndex

/// An answer to a question over the library: its sentences, each citing the passage it comes from by number,
/// the numbered citations, or — when nothing in the library answers it — why not and the nearest items.
public struct AskAnswer: Sendable, Equatable {
    /// One sentence of the answer and the citation it carries (`[n]`).
    public struct Sentence: Sendable, Equatable {
        public var text: String
        public var citation: Int
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
    /// When not found: the passages nearest the question (their documents are "the nearest items").
    public var nearest: [PassageResult]
    /// Why there is no answer, for a person; nil when there is one.
    public var reason: String?
    /// False when the model is not installed and the answer was made from words alone.
    public var usedVectors: Bool
    /// Which engine answered ("offline").
    public var engine: String

    /// Whether the library answered the question.
    public var isFound: Bool { !sentences.isEmpty }

    /// The answer as one text, each sentence followed by its citation: "… [1] … [2]".
    public var text: String {
        sentences.map { "\($0.text) [\($0.citation)]" }.joined(separator: " ")
    }

    /// What Ask says when the library holds no answer.
    public static let notFoundText = "I couldn't find that in your bookmarks."
}
