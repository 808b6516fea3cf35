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
            let words = sentence.split(whereSeparator: \.isWhitespace).map(Self.pattern(word:))
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

    /// A quoted word as a pattern. A ":" or ";" it ends in may be missing from the text: Ask's passages join a table
    /// row's cells with them, where the reader's text has only the space between the cells.
    static func pattern(word: Substring) -> String {
        guard let last = word.last, last == ":" || last == ";", word.count > 1 else { return NSRegularExpression.escapedPattern(for: String(word)) }
        return NSRegularExpression.escapedPattern(for: String(word.dropLast())) + "[:;]?"
    }

    /// `text` escaped, every occurrence of a sentence marked; `first` says whether no mark has been written on the
    /// page yet (the first one gets the id) and is cleared once one is.
    func mark(_ text: String, first: inout Bool) -> HTML {
        Self.mark(text, ranges: ranges(in: text), first: &first)
    }

    /// Where the sentences occur in `text`: UTF-16 ranges, sorted, overlapping ones merged.
    func ranges(in text: String) -> [NSRange] {
        let whole = NSRange(location: 0, length: (text as NSString).length)
        var ranges: [NSRange] = []
        for pattern in patterns {
            ranges += pattern.matches(in: text, range: whole).map(\.range).filter { $0.length > 0 }
        }
        ranges.sort { $0.location < $1.location }
        var merged: [NSRange] = []
        for range in ranges {
            if let last = merged.last, range.location <= NSMaxRange(last) {
                merged[merged.count - 1] = NSRange(location: last.location, length: max(NSMaxRange(last), NSMaxRange(range)) - last.location)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// `text` escaped with each of `ranges` (UTF-16, sorted, not overlapping, inside `text`) in a `<mark class="passage">`;
    /// the first mark on the page (`first`) gets `id="passage"`.
    static func mark(_ text: String, ranges: [NSRange], first: inout Bool) -> HTML {
        guard !ranges.isEmpty else { return .text(text) }
        let utf16 = text.utf16
        var out: [HTML] = []
        var position = text.startIndex
        for range in ranges {
            let lower = utf16.index(utf16.startIndex, offsetBy: range.location)
            let upper = utf16.index(lower, offsetBy: range.length)
            guard lower >= position, lower < upper else { continue }
            out.append(.text(String(text[position..<lower])))
            let id: HTML = first ? " id=\"passage\"" : .empty
            first = false
            out.append("<mark class=\"passage\"\(id)>\(String(text[lower..<upper]))</mark>")
            position = upper
        }
        out.append(.text(String(text[position...])))
        return HTML.join(out)
    }
}
