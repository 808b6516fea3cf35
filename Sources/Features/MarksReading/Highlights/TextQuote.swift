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
        place(in: Letters(text))
    }

    /// The same, in a text prepared once for several quotes (the reader places every highlight of a page).
    public func place(in haystack: Letters) -> Range<Int>? {
        let needle = Letters(quote).units
        guard !needle.isEmpty else { return nil }
        let starts = Self.occurrences(of: needle, in: haystack.units)
        guard !starts.isEmpty else { return nil }
        var best = starts[0]
        if starts.count > 1 {
            let before = Letters(prefix).units
            let after = Letters(suffix).units
            var bestScore = -1
            for start in starts {
                let end = start + needle.count
                let score = Self.commonSuffix(before, haystack.units[..<start]) + Self.commonPrefix(after, haystack.units[end...])
                if score > bestScore {
                    bestScore = score
                    best = start
                }
            }
        }
        return haystack.offsets[best]..<(haystack.offsets[best + needle.count - 1] + 1)
    }

    /// A text without its white space, as UTF-16 code units, with each one's offset in the text: what quotes are
    /// matched over (a surrogate pair is two units, matched as they are).
    public struct Letters: Sendable {
        let units: [UInt16]
        let offsets: [Int]

        /// The letters of `text`.
        public init(_ text: String) {
            var units: [UInt16] = []
            var offsets: [Int] = []
            units.reserveCapacity(text.utf16.count)
            offsets.reserveCapacity(text.utf16.count)
            var offset = 0
            for unit in text.utf16 {
                if !Self.isSpace(unit) {
                    units.append(unit)
                    offsets.append(offset)
                }
                offset += 1
            }
            self.units = units
            self.offsets = offsets
        }

        /// White space (Unicode's, all in the Basic Multilingual Plane), the soft hyphen and the zero-width space.
        static func isSpace(_ unit: UInt16) -> Bool {
            switch unit {
            case 0x09...0x0D, 0x20, 0x85, 0xA0, 0xAD, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
    }

    /// Every start of `needle` in `haystack` (Knuth–Morris–Pratt: linear, whatever the text).
    private static func occurrences(of needle: [UInt16], in haystack: [UInt16]) -> [Int] {
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
        for (i, unit) in haystack.enumerated() {
            while k > 0 && unit != needle[k] { k = failure[k - 1] }
            if unit == needle[k] { k += 1 }
            if k == needle.count {
                found.append(i - needle.count + 1)
                k = failure[k - 1]
            }
        }
        return found
    }

    private static func commonSuffix(_ a: [UInt16], _ b: ArraySlice<UInt16>) -> Int {
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

    private static func commonPrefix(_ a: [UInt16], _ b: ArraySlice<UInt16>) -> Int {
        var count = 0
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            count += 1
        }
        return count
    }
}
