/// The words of a question that an answer must speak to: its content terms (lower-case, without function words)
/// and its names — capitalised words after the first (not in an example list), years and quoted phrases — which a passage must contain
/// to answer it at all ("Who bought Wrather?" is not answered by a passage about another company).
public struct QuestionTerms: Sendable, Equatable {
    /// Content words, lower-case, in order, without repeats.
    public var terms: [String]
    /// Names and numbers, lower-case, each a word the answer's passage must hold.
    public var names: [String]

    /// The terms of `question`.
    public init(_ question: String) {
        var terms: [String] = []
        for word in WordTokenizer.words(question) where !StopWords.contains(word) && !Self.questionWords.contains(word) {
            if !terms.contains(word) { terms.append(word) }
        }
        self.terms = terms
        var names: [String] = []
        func add(_ word: String) {
            let word = word.lowercased()
            if !names.contains(word), !StopWords.contains(word) || WordTokenizer.isNumeric(word) { names.append(word) }
        }
        // Capitalised words that do not open the question, and years. Other numbers are amounts the question gives
        // ("how many kilometres is 26 miles"), and the words after "like", "such as", "e.g." or "for example" are
        // examples ("named choices like RED, GREEN and BLUE"): an answer need not repeat either.
        var examples = false
        var previous = ""
        for (offset, raw) in question.split(whereSeparator: { $0.isWhitespace }).enumerated() {
            let word = raw.trimmingCharacters(in: Self.edgePunctuation)
            defer {
                let lower = word.lowercased()
                if lower == "like" || lower == "e.g" || lower == "as" && previous == "such" || lower == "example" && previous == "for" {
                    examples = true
                } else if let last = raw.last, ".;:?!)".contains(last) {
                    examples = false
                }
                previous = lower
            }
            guard let first = word.unicodeScalars.first, !examples else { continue }
            let tokens = WordTokenizer.words(word)
            if tokens.count == 1, tokens[0].count >= 2, WordTokenizer.isNumeric(tokens[0]) {
                if Self.isYear(tokens[0]) { add(tokens[0]) }
            } else if offset > 0, first.properties.isUppercase, tokens.count == 1, tokens[0].count >= 2 {
                add(tokens[0])
            }
        }
        // Quoted phrases: every word of them.
        let parts = question.split(separator: "\"", omittingEmptySubsequences: false)
        if parts.count >= 3 {
            for (index, part) in parts.enumerated() where index % 2 == 1 {
                for word in WordTokenizer.words(String(part)) where !StopWords.contains(word) { add(word) }
            }
        }
        self.names = names
    }

    /// A year (1800–2199): a date the answer must hold, unlike an amount.
    static func isYear(_ token: String) -> Bool {
        token.count == 4 && token.allSatisfy(\.isNumber) && (1800...2199).contains(Int(token) ?? 0)
    }

    /// Words that ask rather than say.
    static let questionWords: Set<String> = ["what", "which", "who", "whom", "whose", "when", "where", "why", "how", "much", "many", "tell", "explain", "describe", "please"]

    private static let edgePunctuation = Set<Character>("?!.,;:()[]{}\"'“”‘’")
}

private extension Substring {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
