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

    /// A request; 20 results in the live library by default.
    public init(text: String, mode: SearchMode, filter: SearchFilter = SearchFilter(), limit: Int = 20,
                minimumSimilarity: Double = 0.2) {
        self.text = text
        self.mode = mode
        self.filter = filter
        self.limit = limit
        self.minimumSimilarity = minimumSimilarity
    }
}
