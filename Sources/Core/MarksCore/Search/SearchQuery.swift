/// linkding's search language (`q`), parsed as linkding 1.46 does.
public enum SearchQuery {
    /// Parses a query. Empty or white-space-only text (or text with no tokens, like a lone `#`) matches every
    /// bookmark (`.matchAll(keyword: "")`); nil means it does not parse, which linkding answers with zero results.
    public static func parse(_ text: String) -> SearchExpression? {
        var tokenizer = SearchTokenizer(text)
        let tokens = tokenizer.tokenize()
        guard !tokens.isEmpty else { return .matchAll(keyword: "") }
        var parser = SearchParser(tokens)
        do {
            return try parser.parse()
        } catch {
            return nil
        }
    }
}
