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
    /// What the answerability decision weighed (see `ExtractiveAnswerer.confidence`), found or not.
    public var signals = Signals()

    /// The answerability signals of one answer.
    public struct Signals: Sendable, Equatable {
        /// The best sentence's score.
        public var bestScore = 0.0
        /// The share of the question's terms the chosen sentences (and their passages' titles and headings) hold.
        public var coverage = 0.0
        /// How far the quoted passage's cosine stands above the other bookmarks' passages (the mean of the rest).
        public var lead = 0.0
        /// Whether the best sentence comes from the bookmark the bookmark-level search ranks first.
        public var agrees = false
        /// The combined confidence compared with the floor.
        public var confidence = 0.0

        public init(bestScore: Double = 0, coverage: Double = 0, lead: Double = 0, agrees: Bool = false, confidence: Double = 0) {
            self.bestScore = bestScore
            self.coverage = coverage
            self.lead = lead
            self.agrees = agrees
            self.confidence = confidence
        }
    }

    /// Whether anything answered the question.
    public var isFound: Bool { !sentences.isEmpty }

    /// The candidates the answer quotes, in the order they are first cited.
    public var citedCandidates: [Int] {
        var seen: [Int] = []
        for sentence in sentences where !seen.contains(sentence.candidate) { seen.append(sentence.candidate) }
        return seen
    }
}
