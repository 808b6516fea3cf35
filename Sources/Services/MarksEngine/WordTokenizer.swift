/// Lower-case word tokens of a text, grouped into chunks that punctuation separates (phrases never cross
/// a comma, a period, a bracket or a dash). A word is a run of letters, digits and combining marks, with
/// inner hyphens and apostrophes kept ("state-of-the-art", "don't") and a trailing possessive "'s" dropped.
enum WordTokenizer {
    /// Words longer than this (in scalars) are not words but noise: hashes, base64, a huge pasted run.
    static let maximumWordLength = 40

    /// All words of `text`, in order.
    static func words(_ text: String) -> [String] {
        chunks(text).flatMap { $0 }
    }

    /// The words of `text` in punctuation-separated chunks, in order; no chunk is empty.
    static func chunks(_ text: String) -> [[String]] {
        var chunks: [[String]] = []
        var chunk: [String] = []
        var word: [Unicode.Scalar] = []
        var pendingJoiner: Unicode.Scalar?

        func finishWord() {
            defer {
                word = []
                pendingJoiner = nil
            }
            guard !word.isEmpty, word.count <= maximumWordLength else { return }
            var text = String(String.UnicodeScalarView(word)).lowercased()
            if text.hasSuffix("'s") || text.hasSuffix("’s") { text.removeLast(2) }
            if !text.isEmpty { chunk.append(text) }
        }
        func finishChunk() {
            finishWord()
            if !chunk.isEmpty { chunks.append(chunk) }
            chunk = []
        }

        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
                || properties.generalCategory == .spacingMark {
                if let joiner = pendingJoiner {
                    word.append(joiner)
                    pendingJoiner = nil
                }
                word.append(scalar)
            } else if (scalar == "-" || scalar == "'" || scalar == "’" || scalar == "_") && !word.isEmpty && pendingJoiner == nil {
                pendingJoiner = scalar == "’" ? "'" : scalar
            } else if properties.isWhitespace {
                finishWord()
            } else {
                finishChunk()
            }
        }
        finishChunk()
        return chunks
    }

    /// True when every character of `word` is a digit (or a decimal/thousands separator).
    static func isNumeric(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { $0.properties.numericType != nil || $0 == "-" || $0 == "'" }
    }

    /// True when `word` has at least one letter.
    static func hasLetter(_ word: String) -> Bool {
        word.unicodeScalars.contains { $0.properties.isAlphabetic }
    }
}
