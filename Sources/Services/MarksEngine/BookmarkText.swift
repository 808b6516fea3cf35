/// The text embedded for a bookmark: `title · domain · summary` (empty parts left out). Ranking and
/// collections use the same text, so they share cached embeddings.
enum BookmarkText {
    /// The longest summary part used, in characters.
    static let summaryCharacters = 600

    static func of(title: String, domain: String, summary: String?) -> String {
        var parts: [String] = []
        for part in [title, domain, String((summary ?? "").prefix(summaryCharacters))] {
            let trimmed = part.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        return parts.joined(separator: " · ")
    }
}
