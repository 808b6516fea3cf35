/// One search result: the bookmark id, its fused score, and what each leg said about it.
public struct SearchHit: Sendable, Equatable {
    /// The search legs that can find a bookmark.
    public struct Legs: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        /// A set of legs from its raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Full-text (BM25) matched.
        public static let keyword = Legs(rawValue: 1)
        /// The vector (cosine) leg ranked it among its top candidates.
        public static let vector = Legs(rawValue: 2)
    }

    /// The bookmark id.
    public var bookmarkID: Int
    /// Higher is better: the reciprocal-rank-fusion score in hybrid search, else the leg's own score.
    public var score: Double
    /// Which legs found it.
    public var legs: Legs
    /// 1-based rank in the keyword leg, if it matched there.
    public var keywordRank: Int?
    /// BM25 score (negated, so higher is better), if it matched there.
    public var keywordScore: Double?
    /// 1-based rank in the vector leg, if it ranked there.
    public var vectorRank: Int?
    /// Cosine similarity with the query, if it ranked there.
    public var vectorScore: Double?
    /// Where the keyword leg matched and the words around it (`SearchIndex.textSearch` only).
    public var snippet: KeywordSnippet?

    /// A hit value.
    public init(bookmarkID: Int, score: Double, legs: Legs, keywordRank: Int? = nil, keywordScore: Double? = nil,
                vectorRank: Int? = nil, vectorScore: Double? = nil, snippet: KeywordSnippet? = nil) {
        self.bookmarkID = bookmarkID
        self.score = score
        self.legs = legs
        self.keywordRank = keywordRank
        self.keywordScore = keywordScore
        self.vectorRank = vectorRank
        self.vectorScore = vectorScore
        self.snippet = snippet
    }
}
