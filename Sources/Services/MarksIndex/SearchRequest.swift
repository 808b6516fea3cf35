/// Keyword (BM25 over the index) or semantic (hybrid: BM25 and vectors fused).
public enum SearchMode: String, Sendable, Codable, CaseIterable {
    case keyword
    case semantic
}

/// One search, as the CLI and the web app's Search tab ask it.
public struct SearchRequest: Sendable, Equatable {
    /// What the person typed.
    public var text: String
    /// Keyword or semantic.
    public var mode: SearchMode
    /// Unread / tag / archived scope.
    public var filter: SearchFilter
    /// Results wanted.
    public var limit: Int
    /// Semantic mode: a bookmark found only by the vector leg must be at least this similar to the query
    /// (cosine), so a query with no close match does not list the whole library.
    public var minimumSimilarity: Double
    /// Keyword mode: a bookmark's fields or page must hold every word (else any word, more words ranking higher).
    public var everyWord: Bool
    /// Keyword mode: only the archived page and document text is searched, each hit's snippet from there (what a list
    /// shows under "In archived pages", below the results of linkding's fields). Otherwise a bookmark whose fields
    /// match better — its AI summary, say — has its snippet from the fields, and that section would leave it out.
    public var pagesOnly: Bool

    /// The similarity floor of semantic search with the installed model (all-MiniLM-L6-v2, cosine), for hits found
    /// by the vector leg alone. Picked from the real model's scores on the evaluation texts (`SimilarityFloorTests`:
    /// Reuters articles among 500 fortunes): at 0.35 ten nonsense queries keep 1 hit in all (95 at the old 0.20)
    /// while six topic queries keep 71 and each still reaches its best article (0.44–0.57).
    public static let semanticFloor = 0.35

    /// A request; 20 results in the live library by default.
    public init(text: String, mode: SearchMode, filter: SearchFilter = SearchFilter(), limit: Int = 20,
                minimumSimilarity: Double = SearchRequest.semanticFloor, everyWord: Bool = false, pagesOnly: Bool = false) {
        self.text = text
        self.mode = mode
        self.filter = filter
        self.limit = limit
        self.minimumSimilarity = minimumSimilarity
        self.everyWord = everyWord
        self.pagesOnly = pagesOnly
    }
}
