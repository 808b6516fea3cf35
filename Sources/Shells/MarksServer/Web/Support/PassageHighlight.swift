import Foundation

/// The words an Ask citation opens at (`?highlight=` on the reader, a bookmark's page and a source's page): each
/// sentence of them is marked `<mark class="passage">` where it occurs in the text shown — white space may differ —
/// and the first mark is `id="passage"`, so the link's `#passage` scrolls to it. Text is escaped as always.
struct PassageHighlight {
    /// The longest highlight read from a link.
    static let maximumLength = 2000

    private let patterns: [NSRegularExpression]

    /// The highlight of `quote`; nil when it has no words.
    init?(_ quote: String?) {
        guard let quote else { return nil }
        // Sentences end at . ! ? followed by white space; each is matched on its own (they may sit in different paragraphs).
        let sentences = String(quote.prefix(Self.maximumLength))
            .replacingOccurrences(of: #"([.!?…])\s+"#, with: "$1\n", options: .regularExpression)
            .split(separator: "\n")
        var patterns: [NSRegularExpression] = []
        for sentence in sentences.prefix(12) {
            let words = sentence.split(whereSeparator: \.isWhitespace).map { NSRegularExpression.escapedPattern(for: String($0)) }
            guard words.contains(where: { $0.contains(where: \.isLetter) }) else { continue }
            do {
                patterns.append(try NSRegularExpression(pattern: words.joined(separator: "\\s+"), options: []))
            } catch {
                continue  // an escaped pattern always compiles; nothing to mark otherwise
            }
        }
        guard !patterns.isEmpty else { return nil }
        self.patterns = patterns
    }

    /// `text` escaped, every occurrence of a sentence marked; `first` says whether no mark has been written on the
    /// page yet (the first one gets the id) and is cleared once one is.
    func mark(_ text: String, first: inout Bool) -> HTML {
        let whole = NSRange(text.startIndex..., in: text)
        var ranges: [Range<String.Index>] = []
        for pattern in patterns {
            for match in pattern.matches(in: text, range: whole) {
                if let range = Range(match.range, in: text) { ranges.append(range) }
            }
        }
        guard !ranges.isEmpty else { return .text(text) }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<String.Index>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        var out: [HTML] = []
        var position = text.startIndex
        for range in merged {
            out.append(.text(String(text[position..<range.lowerBound])))
            let id: HTML = first ? " id=\"passage\"" : .empty
            first = false
            out.append("<mark class=\"passage\"\(id)>\(String(text[range]))</mark>")
            position = range.upperBound
        }
        out.append(.text(String(text[position...])))
        return HTML.join(out)
    }
}
