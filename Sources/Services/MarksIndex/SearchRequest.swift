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

    /// A request; 20 results in the live library by default.
    public init(text: String, mode: SearchMode, filter: SearchFilter = SearchFilter(), limit: Int = 20) {
        self.text = text
        self.mode = mode
        self.filter = filter
        self.limit = limit
    }
}
