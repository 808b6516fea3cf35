import Foundation

/// Suggests tags the person already uses whose words appear in what is being saved (title, URL, notes):
/// `swift` for "Swift concurrency", `machine-learning` for "machine learning at scale", `bookmark` for
/// "bookmarks". Case-insensitive; a URL counts by its host (without `www` and the top-level domain) and path.
public enum VocabularyTagMatcher {
    /// Tags from `vocabulary` found in `texts` (in order of first appearance), leaving out `excluding`, at most `limit`.
    public static func matches(vocabulary: [String], texts: [String], url: String, excluding: [String], limit: Int = 8) -> [String] {
        var words: [String] = []
        for text in texts { words += self.words(of: String(text.prefix(20_000))) }
        words += urlWords(url)
        guard !words.isEmpty else { return [] }
        var positions: [String: [Int]] = [:]
        for (index, word) in words.enumerated() {
            positions[word, default: []].append(index)
            if let singular = singular(word) { positions[singular, default: []].append(index) }
        }
        let excluded = Set(excluding.map { $0.lowercased() })
        var seen = Set<String>()
        var found: [(tag: String, at: Int)] = []
        for tag in vocabulary {
            let key = tag.lowercased()
            guard !excluded.contains(key), seen.insert(key).inserted else { continue }
            let tagWords = self.words(of: tag)
            guard let first = tagWords.first, tagWords.joined().count >= 2, let starts = positions[first] else { continue }
            if let at = starts.first(where: { start in matchesSequence(tagWords, at: start, in: words) }) {
                found.append((tag, at))
            }
        }
        return found.sorted { $0.at != $1.at ? $0.at < $1.at : $0.tag < $1.tag }.prefix(limit).map(\.tag)
    }

    /// Lower-cased runs of letters and digits.
    static func words(of text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    private static func urlWords(_ url: String) -> [String] {
        guard let components = URLComponents(string: url), let host = components.host else { return words(of: url) }
        var labels = host.lowercased().split(separator: ".").map(String.init)
        if labels.first == "www" { labels.removeFirst() }
        if labels.count > 1 { labels.removeLast() }
        return labels.flatMap(words(of:)) + words(of: components.path)
    }

    private static func matchesSequence(_ tagWords: [String], at start: Int, in words: [String]) -> Bool {
        guard start + tagWords.count <= words.count else { return false }
        for (offset, tagWord) in tagWords.enumerated() {
            let word = words[start + offset]
            if word != tagWord && singular(word) != tagWord { return false }
        }
        return true
    }

    /// `bookmarks` → `bookmark`, `boxes` → `box`; nil when the word is not a plain plural.
    private static func singular(_ word: String) -> String? {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") else { return nil }
        if word.hasSuffix("xes") || word.hasSuffix("ches") || word.hasSuffix("shes") { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }
}
