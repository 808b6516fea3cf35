import MarksCore

/// The parts of a page the engine reads: title, description and its content sentences (boilerplate and
/// repeats removed), with the size of the work bounded however large the text is.
struct PageContent {
    /// Only this many Unicode scalars of the text are read (about 30 pages of prose).
    static let maximumScalars = 100_000

    let title: String?
    let description: String?
    /// Content sentences in document order, at most `maximumSentences`.
    let sentences: [String]

    init(request: EnrichRequest, splitter: SentenceSplitter, filter: BoilerplateFilter, maximumSentences: Int) {
        title = Self.cleaned(request.title)
        description = Self.cleaned(request.description)
        var sentences: [String] = []
        var seen = Set<String>()
        for sentence in splitter.split(Self.opening(of: request.text ?? "")) where !filter.isBoilerplate(sentence) {
            guard seen.insert(sentence.lowercased()).inserted else { continue }
            sentences.append(sentence)
            if sentences.count >= maximumSentences { break }
        }
        self.sentences = sentences
    }

    /// The text embedded to stand for the whole page: title, then description and the first sentences.
    var pageText: String {
        var parts: [String] = []
        if let title { parts.append(title) }
        if let description { parts.append(description) }
        parts.append(contentsOf: sentences.prefix(3))
        return parts.joined(separator: ". ")
    }

    /// The opening `maximumScalars` of `text`.
    static func opening(of text: String) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: maximumScalars, limitedBy: scalars.endIndex) else { return text }
        return String(scalars[..<end])
    }

    /// `value` with white space collapsed and cut to 1,000 scalars; nil when nothing is left.
    private static func cleaned(_ value: String?) -> String? {
        guard let value else { return nil }
        let collapsed = value.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard collapsed.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return EmbeddingProvider.capped(String(collapsed.unicodeScalars.prefix(1000)))
    }
}
