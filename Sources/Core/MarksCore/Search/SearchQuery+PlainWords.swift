extension SearchQuery {
    /// The words of a query that is only words and phrases (linkding's "all of these"), joined by spaces; nil for
    /// one with tags, `!unread`, or, not or parentheses (whose meaning a search of page text cannot keep), and for
    /// one that does not parse. What the web's Search tab and `marks search` look for in archived page text.
    public static func plainWords(_ query: String) -> String? {
        func words(_ expression: SearchExpression) -> [String]? {
            switch expression {
            case .term(let text): [text]
            case .and(let parts): parts.reduce([String]?.some([])) { found, part in found.flatMap { list in words(part).map { list + $0 } } }
            default: nil
            }
        }
        guard let expression = parse(query), let found = words(expression), !found.isEmpty else { return nil }
        return found.joined(separator: " ")
    }
}
