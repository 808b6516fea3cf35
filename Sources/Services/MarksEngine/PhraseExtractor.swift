/// Finds noun-phrase-like candidates without a part-of-speech tagger: n-grams of 1–3 words inside
/// punctuation-free chunks, with no stop word at either edge and no number-only edge.
public struct PhraseExtractor: Sendable {
    /// The most candidates returned (the most prominent).
    public var maximumCandidates: Int
    /// Opening sentences read (beyond the title and description).
    public var openingSentences: Int

    /// An extractor returning up to `maximumCandidates` phrases from the first `openingSentences` sentences.
    public init(maximumCandidates: Int = 40, openingSentences: Int = 8) {
        self.maximumCandidates = max(1, maximumCandidates)
        self.openingSentences = max(0, openingSentences)
    }

    /// Candidates from the title, the description and the opening sentences, most prominent first;
    /// words of the URL's path serve only when the page gave nothing else.
    public func candidates(title: String?, description: String?, sentences: [String], url: String?) -> [PhraseCandidate] {
        var segments: [(text: String, weight: Double)] = []
        if let title { segments.append((title, 3)) }
        if let description { segments.append((description, 1.5)) }
        for (index, sentence) in sentences.prefix(openingSentences).enumerated() {
            segments.append((sentence, index < 2 ? 1.5 : 1))
        }
        var found = collect(segments)
        if found.isEmpty, let url {
            found = collect([(Self.pathWords(of: url), 1)])
        }
        return found
    }

    private func collect(_ segments: [(text: String, weight: Double)]) -> [PhraseCandidate] {
        var prior: [[String]: Double] = [:]
        var first: [[String]: Int] = [:]
        var occurrences: [[String]: Int] = [:]
        var position = 0
        for segment in segments {
            for chunk in WordTokenizer.chunks(segment.text) {
                for start in chunk.indices {
                    for length in 1...3 where start + length <= chunk.count {
                        let words = Array(chunk[start..<(start + length)])
                        guard Self.isPhrase(words) else { continue }
                        // Longer phrases are rarer but more specific: a small bonus keeps them competitive.
                        prior[words, default: 0] += segment.weight * (1 + 0.15 * Double(length - 1))
                        occurrences[words, default: 0] += 1
                        if first[words] == nil { first[words] = position + start }
                    }
                }
                position += chunk.count
            }
        }
        let ranked = prior.keys.sorted { a, b in
            let pa = prior[a] ?? 0, pb = prior[b] ?? 0
            if pa != pb { return pa > pb }
            let fa = first[a] ?? 0, fb = first[b] ?? 0
            if fa != fb { return fa < fb }
            return a.count < b.count
        }
        return ranked.prefix(maximumCandidates).map { words in
            PhraseCandidate(words: words, prior: prior[words] ?? 0, firstPosition: first[words] ?? 0, occurrences: occurrences[words] ?? 0)
        }
    }

    /// True when `words` can be a tag: letters at both edges, no stop word at an edge, words of sensible
    /// length, and inside a trigram only a linking word ("bank of england").
    static func isPhrase(_ words: [String]) -> Bool {
        guard let first = words.first, let last = words.last else { return false }
        for edge in [first, last] {
            guard WordTokenizer.hasLetter(edge), !StopWords.contains(edge) else { return false }
            let length = edge.unicodeScalars.count
            guard length >= 2 || !edge.unicodeScalars.allSatisfy(\.isASCII) else { return false }
        }
        for word in words {
            guard word.unicodeScalars.count <= 25 else { return false }
        }
        if words.count == 3 {
            let middle = words[1]
            if StopWords.contains(middle), !["of", "and", "for", "in", "on", "de", "la", "to"].contains(middle) { return false }
        }
        if words.count == 2, StopWords.contains(first) || StopWords.contains(last) { return false }
        return true
    }

    /// The words of a URL's host and path, for pages that gave no text.
    static func pathWords(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        let parts = rest.split(separator: "/")
        let path = parts.dropFirst().joined(separator: " . ")
        return String(path.map { $0 == "-" || $0 == "_" || $0 == "+" ? " " : $0 })
    }
}
