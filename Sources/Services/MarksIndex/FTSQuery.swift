/// Turns what a person typed into a safe FTS5 query: the words (runs of letters and digits) each quoted, so no
/// FTS5 syntax (`"`, `*`, `:`, `NEAR`, `AND`, parentheses, column filters) can come from the input, joined
/// by OR so BM25 ranks documents by how many and how rare the matching words are. Common English words are
/// left out unless the query has nothing else.
enum FTSQuery {
    /// Words kept from one query at most (a pasted paragraph must not become a thousand-term OR).
    static let maximumTerms = 32

    /// The quoted words of `text`, or `IndexError.emptyQuery` when it has none.
    static func terms(_ text: String) throws -> [String] {
        var words: [String] = []
        var seen = Set<String>()
        var current = ""
        func flush() {
            if !current.isEmpty, seen.insert(current.lowercased()).inserted { words.append(current) }
            current = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else {
                flush()
            }
        }
        flush()
        guard !words.isEmpty else { throw IndexError.emptyQuery }
        let meaningful = words.filter { !stopWords.contains($0.lowercased()) }
        return Array((meaningful.isEmpty ? words : meaningful).prefix(maximumTerms))
    }

    /// The MATCH expression: every word quoted, joined with OR.
    static func anyTerm(_ text: String) throws -> String {
        try terms(text).map(quoted).joined(separator: " OR ")
    }

    /// The MATCH expression: every word quoted, all of them required.
    static func everyTerm(_ text: String) throws -> String {
        try terms(text).map(quoted).joined(separator: " AND ")
    }

    /// A word as an FTS5 string (double quotes doubled; the words here never contain any).
    static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static let stopWords: Set<String> = [
        "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by",
        "can", "could", "did", "do", "does", "for", "from", "had", "has", "have", "he", "her", "his", "how", "i",
        "if", "in", "into", "is", "it", "its", "me", "my", "no", "not", "of", "on", "or", "our", "she", "so",
        "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to", "up",
        "was", "we", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
    ]
}
