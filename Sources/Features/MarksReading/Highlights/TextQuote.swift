/// Where a highlight is in a text, the Web Annotation TextQuoteSelector idea: the exact words, and a few words
/// before and after them (~32 characters each) to tell apart the same words said twice. `place(in:)` finds them
/// again in a text — white space may differ (the page text fetched anew, a reflowed paragraph, the browser's
/// rendering of block boundaries) — or says they cannot be placed any more. Pure: no I/O.
public struct TextQuote: Sendable, Equatable, Codable {
    public var quote: String
    public var prefix: String
    public var suffix: String

    /// A value.
    public init(quote: String, prefix: String = "", suffix: String = "") {
        self.quote = quote
        self.prefix = prefix
        self.suffix = suffix
    }

    /// The context kept on each side when a quote is taken from a text (`init(text:range:)`).
    public static let contextLength = 32

    /// The quote at `range` (UTF-16 offsets) of `text`, with `contextLength` characters of context each side.
    public init(text: String, utf16Range range: Range<Int>) {
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: max(0, min(range.lowerBound, utf16.count)))
        let upper = utf16.index(utf16.startIndex, offsetBy: max(0, min(range.upperBound, utf16.count)))
        quote = String(text[lower..<upper])
        prefix = String(text[..<lower].suffix(Self.contextLength))
        suffix = String(text[upper...].prefix(Self.contextLength))
    }

    /// Where the quote is in `text`, as UTF-16 offsets (from the quote's first non-space character to its last);
    /// nil when it is not there. White space is ignored on both sides; when the words occur more than once, the
    /// occurrence whose surroundings agree most with the prefix and suffix wins (the first on a tie).
    public func place(in text: String) -> Range<Int>? {
        let needle = Self.letters(of: quote)
        guard !needle.scalars.isEmpty else { return nil }
        let haystack = Self.letters(of: text)
        let starts = Self.occurrences(of: needle.scalars, in: haystack.scalars)
        guard !starts.isEmpty else { return nil }
        var best = starts[0]
        if starts.count > 1 {
            let before = Self.letters(of: prefix).scalars
            let after = Self.letters(of: suffix).scalars
            var bestScore = -1
            for start in starts {
                let end = start + needle.scalars.count
                let score = Self.commonSuffix(before, haystack.scalars[..<start]) + Self.commonPrefix(after, haystack.scalars[end...])
                if score > bestScore {
                    bestScore = score
                    best = start
                }
            }
        }
        let last = best + needle.scalars.count - 1
        return haystack.offsets[best]..<(haystack.offsets[last] + haystack.widths[last])
    }

    /// The non-space scalars of `text` with each one's UTF-16 offset and width.
    private static func letters(of text: String) -> (scalars: [Unicode.Scalar], offsets: [Int], widths: [Int]) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var widths: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let width = scalar.utf16.count
            if !scalar.properties.isWhitespace && scalar != "\u{00AD}" && scalar != "\u{200B}" {
                scalars.append(scalar)
                offsets.append(offset)
                widths.append(width)
            }
            offset += width
        }
        return (scalars, offsets, widths)
    }

    /// Every start of `needle` in `haystack` (Knuth–Morris–Pratt: linear, whatever the text).
    private static func occurrences(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> [Int] {
        guard needle.count <= haystack.count else { return [] }
        var failure = [Int](repeating: 0, count: needle.count)
        var k = 0
        for i in 1..<max(1, needle.count) {
            while k > 0 && needle[i] != needle[k] { k = failure[k - 1] }
            if needle[i] == needle[k] { k += 1 }
            failure[i] = k
        }
        var found: [Int] = []
        k = 0
        for (i, scalar) in haystack.enumerated() {
            while k > 0 && scalar != needle[k] { k = failure[k - 1] }
            if scalar == needle[k] { k += 1 }
            if k == needle.count {
                found.append(i - needle.count + 1)
                k = failure[k - 1]
            }
        }
        return found
    }

    private static func commonSuffix(_ a: [Unicode.Scalar], _ b: ArraySlice<Unicode.Scalar>) -> Int {
        var count = 0
        var i = a.endIndex, j = b.endIndex
        while i > a.startIndex && j > b.startIndex {
            i -= 1
            j -= 1
            guard a[i] == b[j] else { break }
            count += 1
        }
        return count
    }

    private static func commonPrefix(_ a: [Unicode.Scalar], _ b: ArraySlice<Unicode.Scalar>) -> Int {
        var count = 0
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            count += 1
        }
        return count
    }
}
