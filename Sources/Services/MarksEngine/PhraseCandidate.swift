/// A keyphrase candidate: 1–3 words from the title or the opening text.
public struct PhraseCandidate: Sendable, Equatable {
    /// The lower-case words.
    public let words: [String]
    /// How prominent the phrase is: its occurrences weighted by where they are (title counts most).
    public let prior: Double
    /// Where it first occurs (0 = first word of the title).
    public let firstPosition: Int
    /// How many times it occurs.
    public let occurrences: Int

    /// The words joined by spaces (what is embedded).
    public var text: String { words.joined(separator: " ") }
    /// A key that matches other forms of the same words ("oil prices" ~ "oil-price").
    var stemKey: String { Stemmer.key(words) }

    /// True when the phrase may become a new tag: a phrase of several words (or a word of two letters) must
    /// recur (a repeated phrase is a name or a term, a one-off is usually a fragment of a clause), and no
    /// edge may look like a verb or an adverb (-ed, -ing, -ly).
    var canBeNewTag: Bool {
        guard words.count == 1 || occurrences >= 2 else { return false }
        // A word of one or two letters ("ch", "ai") must recur to count as a term.
        if words.count == 1, let word = words.first, word.unicodeScalars.count <= 2, occurrences < 2 { return false }
        guard let first = words.first, let last = words.last else { return false }
        return !Self.looksLikeVerbOrAdverb(first) && !Self.looksLikeVerbOrAdverb(last)
    }

    /// True for English words of 5+ letters ending in -ed, -ing or -ly (mostly verb forms and adverbs).
    static func looksLikeVerbOrAdverb(_ word: String) -> Bool {
        guard word.unicodeScalars.count >= 5, word.unicodeScalars.allSatisfy(\.isASCII) else { return false }
        return word.hasSuffix("ly") || word.hasSuffix("ed") || word.hasSuffix("ing")
    }
}
