/// One retrieved passage as the extractive answerer reads it: its sentences (with their vectors when the model
/// is there), the words around it that belong to it (the document's title, the passage's heading) and where the
/// search ranked it.
public struct AnswerCandidate: Sendable, Equatable {
    /// The passage's sentences in text order.
    public var sentences: [String]
    /// One vector per sentence (unit length), or empty when the answer is made from words alone.
    public var sentenceVectors: [[Float]]
    /// The document's title and the passage's heading: their words count for the question's names and terms.
    public var context: String
    /// The search's rank of the passage, 0 best.
    public var rank: Int
    /// Words of the passage's sentences that were left out (see `SentenceShortlist`): they count for the
    /// question's names, never for a sentence's score.
    public var otherWords: Set<String>
    /// How close the whole passage is to the question (its vector's cosine, from the search), when known.
    public var relevance: Double?
    /// Its bookmark's rank in the bookmark-level search (0 best), when known: the answer is surer when the sentence it
    /// quotes first comes from the bookmark search ranks first.
    public var documentRank: Int?

    /// A candidate; `sentenceVectors` is either empty or has one vector per sentence.
    public init(sentences: [String], sentenceVectors: [[Float]] = [], context: String = "", rank: Int, otherWords: Set<String> = [],
                relevance: Double? = nil, documentRank: Int? = nil) {
        self.documentRank = documentRank
        self.otherWords = otherWords
        self.relevance = relevance
        self.sentences = sentences
        self.sentenceVectors = sentenceVectors.count == sentences.count ? sentenceVectors : []
        self.context = context
        self.rank = rank
    }
}
