/// Text cut into the clauses the neural voice speaks, each with the punctuation that ends it: espeak-ng 1.51's
/// `--ipa` output loses punctuation (it has no `TextToPhonemesWithTerminator`), so Marks splits clauses itself and
/// puts the terminator back after each clause's phonemes, as Piper's own phonemiser does — the voice pauses at a
/// comma and ends a sentence at a full stop. Pure: no I/O.
public struct PhonemeClauses: Sendable, Equatable {
    /// One clause: its words and what ends it.
    public struct Clause: Sendable, Equatable {
        public var text: String
        /// ".", "!", "?" end a sentence; ",", ";", ":" are pauses within one.
        public var terminator: Character
        /// The clause ends its paragraph (a longer pause follows).
        public var endsParagraph: Bool

        /// A clause.
        public init(text: String, terminator: Character, endsParagraph: Bool = false) {
            self.text = text
            self.terminator = terminator
            self.endsParagraph = endsParagraph
        }

        /// A full stop, question or exclamation mark ends the sentence.
        public var endsSentence: Bool { terminator == "." || terminator == "!" || terminator == "?" }
    }

    /// The clauses, in order; none without a letter or digit.
    public let clauses: [Clause]

    /// Clauses of at most this many characters (a longer run without punctuation is cut at a space).
    public static let maximumClauseLength = 300

    /// Splits `text`: at `.`, `!`, `?`, `…` (sentence ends) and `,`, `;`, `:`, `—`, `–` (pauses) when a space or
    /// the end follows; at blank lines (paragraphs, which also end a sentence).
    public init(_ text: String) {
        var clauses: [Clause] = []
        for paragraph in Self.paragraphs(text) {
            var current = ""
            var paragraphClauses: [Clause] = []
            let characters = Array(paragraph)
            func flush(_ terminator: Character) {
                let words = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                current = ""
                guard words.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else { return }
                paragraphClauses.append(contentsOf: Self.cut(words, terminator: terminator))
            }
            for (index, character) in characters.enumerated() {
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                let atBoundary = next.isWhitespace || next == "\"" || next == "”" || next == "’" || next == ")"
                if (character == "!" || character == "?") && atBoundary {
                    flush(character)
                } else if character == "." && atBoundary && !Self.endsAbbreviation(current) {
                    flush(".")
                } else if character == "…" && atBoundary {
                    flush(".")
                } else if (character == "," || character == ";" || character == ":") && atBoundary {
                    flush(character)
                } else if (character == "—" || character == "–") && (next.isWhitespace || index > 0 && characters[index - 1].isWhitespace) {
                    flush(",")
                } else {
                    current.append(character)
                }
            }
            flush(".")
            if var last = paragraphClauses.popLast() {
                if !last.endsSentence { last.terminator = "." }
                last.endsParagraph = true
                paragraphClauses.append(last)
            }
            clauses += paragraphClauses
        }
        self.clauses = clauses
    }

    /// Words after which a full stop is an abbreviation's, not a sentence's end ("Dr. Smith", "e.g. this").
    static let abbreviations: Set<String> = ["mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "e.g", "i.e", "cf", "no",
                                             "fig", "approx", "inc", "ltd", "co", "mt", "u.s", "u.k", "a.m", "p.m"]

    /// `text` (a clause so far) ends with an abbreviation or a single letter (an initial: "J. R. R. Tolkien").
    static func endsAbbreviation(_ text: String) -> Bool {
        guard let last = text.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == "\"" || $0 == "“" }).last else { return false }
        let word = last.lowercased()
        return abbreviations.contains(word) || (word.count == 1 && word.first?.isLetter == true)
    }

    /// Paragraphs: runs of text between blank lines.
    static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append(current.joined(separator: " ")); current = [] }
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        return result
    }

    /// A clause longer than `maximumClauseLength` cut at spaces into pieces that pause with a comma.
    private static func cut(_ words: String, terminator: Character) -> [Clause] {
        guard words.count > maximumClauseLength else { return [Clause(text: words, terminator: terminator)] }
        var pieces: [Clause] = []
        var piece = ""
        for word in words.split(separator: " ") {
            if !piece.isEmpty && piece.count + word.count + 1 > maximumClauseLength {
                pieces.append(Clause(text: piece, terminator: ","))
                piece = ""
            }
            piece += piece.isEmpty ? String(word) : " " + word
        }
        if !piece.isEmpty { pieces.append(Clause(text: piece, terminator: terminator)) }
        return pieces
    }
}
