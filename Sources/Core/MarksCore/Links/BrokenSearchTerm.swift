/// `!broken` in a search (beside linkding's `!unread`): it narrows the results to bookmarks whose last link check
/// found them broken. Marks keeps the checks, not the bookmark source, so the term is taken out of the query before
/// the source sees it.
public enum BrokenSearchTerm {
    /// The term as typed (any case).
    public static let word = "!broken"

    /// `query` without the term, and whether it held it (words split on spaces; other words kept in order).
    public static func strip(_ query: String) -> (query: String, broken: Bool) {
        let words = query.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        let kept = words.filter { $0.lowercased() != word }
        guard kept.count != words.count else { return (query, false) }
        return (kept.joined(separator: " "), true)
    }
}
