/// What the extractive answerer made of a question: the sentences that answer it, each with the candidate it
/// was taken from, or nothing good enough (then the caller says it could not find it and lists the nearest items).
public struct ExtractiveAnswer: Sendable, Equatable {
    /// One sentence of the answer and the candidate (by its index in the input) it quotes.
    public struct Sentence: Sendable, Equatable {
        public var text: String
        public var candidate: Int
        /// Its place among its candidate's sentences (answers keep a passage's sentences in text order).
        public var position: Int
        public var score: Double
    }

    /// The answer's sentences in reading order; empty when nothing cleared the floor.
    public var sentences: [Sentence]
    /// The best sentence's score (0…1), found or not: what the floor was compared with.
    public var bestScore: Double
    /// Why there is no answer, for a person (nil when there is one).
    public var reason: String?

    /// Whether anything answered the question.
    public var isFound: Bool { !sentences.isEmpty }

    /// The candidates the answer quotes, in the order they are first cited.
    public var citedCandidates: [Int] {
        var seen: [Int] = []
        for sentence in sentences where !seen.contains(sentence.candidate) { seen.append(sentence.candidate) }
        return seen
    }
}
