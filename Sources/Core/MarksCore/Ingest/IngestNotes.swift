/// Builds the notes kept with a shared link: the payload's text with the link taken out, white
/// space collapsed (a blank line stays a paragraph break), control characters dropped, the space
/// left before punctuation where a link was removed tidied away ("Great read https://x.com/a.
/// Thanks!" gives "Great read. Thanks!"), dangling separators at either end trimmed, and the result
/// capped at `maximumLength` characters, cut on a word boundary and ended with "…".
enum IngestNotes {
    /// The most characters (grapheme clusters) notes may have.
    static let maximumLength = 1800
    /// Work stops after this many characters of output; the cap cuts far earlier anyway.
    static let workingLimit = 16 * 1024

    /// A part of the text to replace, in UTF-8 byte offsets.
    struct Removal {
        var range: Range<Int>
        var replacement: String
    }

    static func make(from text: String, removing removals: [Removal]) -> String {
        let sorted = removals.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var builder = Builder()
        var copy = text
        copy.withUTF8 { bytes in
            var index = 0
            var next = 0
            while index < bytes.count, builder.scalarCount < workingLimit {
                while next < sorted.count, sorted[next].range.upperBound <= index { next += 1 }
                if next < sorted.count, sorted[next].range.lowerBound <= index {
                    let removal = sorted[next]
                    if removal.replacement.isEmpty {
                        builder.markJunction()
                    } else {
                        var replacement = removal.replacement
                        replacement.withUTF8 { builder.append($0) }
                    }
                    index = max(index + 1, min(removal.range.upperBound, bytes.count))
                    next += 1
                    continue
                }
                index = builder.appendOne(bytes, at: index)
            }
        }
        return capped(trimmingDanglingEnds(String(decoding: builder.output, as: UTF8.self)))
    }

    private static let leadingDangling: Set<Character> = ["-", "–", "—", ":", "|", ",", ";", ".", "•", "·", "/"]
    private static let trailingDangling: Set<Character> = ["-", "–", "—", ":", "|", ",", ";", "•", "·", "(", "[", "/"]

    static func trimmingDanglingEnds(_ notes: String) -> String {
        var slice = notes[...]
        while let first = slice.first, first.isWhitespace || leadingDangling.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace || trailingDangling.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }

    /// Cuts notes longer than `maximumLength` at the last word boundary and appends "…".
    static func capped(_ notes: String) -> String {
        guard notes.count > maximumLength else { return notes }
        let room = maximumLength - 1
        let end = notes.index(notes.startIndex, offsetBy: room)
        var cut = notes[..<end]
        if !notes[end].isWhitespace, let space = cut.lastIndex(where: \.isWhitespace),
           cut.distance(from: cut.startIndex, to: space) >= room / 2 {
            cut = cut[..<space]
        }
        while let last = cut.last, last.isWhitespace || trailingDangling.contains(last) || last == "." { cut = cut.dropLast() }
        return cut + "…"
    }

    /// Collapses white space byte by byte.
    private struct Builder {
        private(set) var output: [UInt8] = []
        private(set) var scalarCount = 0
        private var pendingSpace = false
        private var pendingNewlines = 0
        private var atJunction = false

        mutating func markJunction() {
            atJunction = true
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < bytes.count { index = appendOne(bytes, at: index) }
        }

        /// Consumes the character at `index` and returns the index after it.
        mutating func appendOne(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
            let byte = bytes[index]
            if byte < 0x80 {
                switch byte {
                case 0x0A:
                    pendingNewlines += 1
                    pendingSpace = true
                case 0x0D:
                    if index + 1 >= bytes.count || bytes[index + 1] != 0x0A { pendingNewlines += 1 }
                    pendingSpace = true
                case 0x20, 0x09, 0x0B, 0x0C: pendingSpace = true
                case 0x00..<0x20, 0x7F: break
                default: emit(bytes, index..<(index + 1))
                }
                return index + 1
            }
            let length = byte >= 0xF0 ? 4 : (byte >= 0xE0 ? 3 : (byte >= 0xC0 ? 2 : 1))
            let end = min(index + length, bytes.count)
            switch Self.classify(bytes, index..<end) {
            case .space: pendingSpace = true
            case .invisible: break
            case .visible: emit(bytes, index..<end)
            }
            return end
        }

        private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            var tidy = false
            if atJunction {
                let character = Array(bytes[range])
                if !pendingSpace, let opener = Self.pairs[character], output.count >= opener.count,
                   Array(output.suffix(opener.count)) == opener {
                    // "(" + removed link + ")" or quotes around it: drop the now empty pair.
                    output.removeLast(opener.count)
                    if output.last == 0x20 || output.last == 0x0A {
                        while output.last == 0x20 || output.last == 0x0A { output.removeLast() }
                        pendingSpace = true
                    }
                    return
                }
                tidy = pendingNewlines == 0 && Self.closingPunctuation.contains(character)
            }
            if !output.isEmpty && pendingSpace {
                if !tidy {
                    switch pendingNewlines {
                    case 0: output.append(0x20)
                    case 1: output.append(0x0A)
                    default: output.append(contentsOf: [0x0A, 0x0A])
                    }
                }
            }
            pendingSpace = false
            pendingNewlines = 0
            atJunction = false
            output.append(contentsOf: bytes[range])
            scalarCount += 1
        }

        /// Punctuation that attaches to the word before it: no space is kept before it where a link
        /// was removed.
        private static let closingPunctuation: Set<[UInt8]> = Set(
            [".", ",", ";", ":", "!", "?", ")", "]", "…", "。", "、", "！", "？", "，"].map { Array($0.utf8) }
        )

        /// Closing character → its opening partner.
        private static let pairs: [[UInt8]: [UInt8]] = Dictionary(uniqueKeysWithValues: [
            (")", "("), ("]", "["), (">", "<"), ("\"", "\""), ("'", "'"), ("”", "“"), ("’", "‘"), ("»", "«"),
            ("」", "「"), ("）", "（"),
        ].map { (Array($0.0.utf8), Array($0.1.utf8)) })

        private enum ScalarClass { case space, invisible, visible }

        private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ScalarClass {
            guard range.count >= 2 else { return .invisible } // a stray byte cannot come from a String
            let b0 = bytes[range.lowerBound], b1 = bytes[range.lowerBound + 1]
            let b2 = range.count >= 3 ? bytes[range.lowerBound + 2] : 0
            switch (b0, b1) {
            case (0xC2, 0xA0), (0xC2, 0x85): return .space
            case (0xC2, 0xAD): return .invisible
            case (0xC2, _) where b1 < 0xA0: return .invisible // C1 control characters
            case (0xE2, 0x80):
                if (0x80...0x8A).contains(b2) || [0xA8, 0xA9, 0xAF].contains(b2) { return .space }
                return b2 == 0x8B ? .invisible : .visible
            case (0xE2, 0x81): return b2 == 0x9F ? .space : (b2 == 0xA0 ? .invisible : .visible)
            case (0xE3, 0x80): return b2 == 0x80 ? .space : .visible
            case (0xEF, 0xBB): return b2 == 0xBF ? .invisible : .visible
            default: return .visible
            }
        }
    }
}
