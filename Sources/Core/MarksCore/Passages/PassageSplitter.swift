/// Splits a text (headings and paragraphs) into passages of about `minimumWords`…`maximumWords` words: whole
/// paragraphs are gathered while they fit; a paragraph longer than the maximum is cut between sentences, and a
/// sentence longer than the maximum between words. A passage never crosses a heading or a page, so each one has
/// one heading and one page to cite. Pure text work: no I/O.
public struct PassageSplitter: Sendable {
    /// A passage is closed before it would pass this many words.
    public var maximumWords: Int
    /// Below this, a short passage at the end of a section is joined to the one before when both fit within
    /// `maximumWords + minimumWords / 2`.
    public var minimumWords: Int

    /// The blocks' texts are joined by this in the flat text passage ranges point into.
    public static let separator = "\n\n"

    /// A splitter; the defaults are Ask's passage size.
    public init(minimumWords: Int = 100, maximumWords: Int = 250) {
        self.maximumWords = max(1, maximumWords)
        self.minimumWords = max(0, min(minimumWords, maximumWords))
    }

    /// The text passage ranges point into: the non-empty blocks' texts joined by a blank line.
    public static func flatText(_ blocks: [PassageBlock]) -> String {
        blocks.filter { !$0.text.isEmpty }.map(\.text).joined(separator: separator)
    }

    /// White-space separated words in `text`.
    public static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let space = isSpace(scalar)
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }

    /// White space, answered without a Unicode property lookup for ASCII (the lookup is slow, and nearly every
    /// scalar of a page is ASCII).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// A piece of running text: a whole paragraph, a sentence or a run of words, by UTF-16 offsets in the flat text.
    private struct Piece {
        var start: Int
        var end: Int
        var words: Int
    }

    /// The passages of `blocks`, in order.
    public func split(_ blocks: [PassageBlock]) -> [Passage] {
        let blocks = blocks.filter { !$0.text.isEmpty }
        let flat = Array(Self.flatText(blocks).utf16)
        var passages: [Passage] = []
        var heading: String?
        var page: Int?
        var current: [Piece] = []
        var sectionStart = 0 // index in `passages` of the section's first passage

        func close() {
            guard let first = current.first, let last = current.last else { return }
            passages.append(Passage(ordinal: passages.count, text: String(decoding: flat[first.start..<last.end], as: UTF16.self),
                                    heading: heading, page: page, range: first.start..<last.end))
            current.removeAll()
        }
        func endSection() {
            close()
            // A short tail joins the passage before it in the same section when the two fit.
            if passages.count - sectionStart >= 2, let tail = passages.last, tail.wordCount < minimumWords {
                let previous = passages[passages.count - 2]
                if previous.wordCount + tail.wordCount <= maximumWords + minimumWords / 2 {
                    let range = previous.range.lowerBound..<tail.range.upperBound
                    passages.removeLast(2)
                    passages.append(Passage(ordinal: passages.count, text: String(decoding: flat[range], as: UTF16.self),
                                            heading: heading, page: page, range: range))
                }
            }
            sectionStart = passages.count
        }

        var offset = 0
        for (number, block) in blocks.enumerated() {
            if number > 0 { offset += Self.separator.utf16.count }
            let length = block.text.utf16.count
            defer { offset += length }
            if block.page != page {
                endSection()
                page = block.page
            }
            switch block.kind {
            case .heading:
                endSection()
                heading = block.text
            case .paragraph:
                for piece in pieces(of: block.text, at: offset) {
                    let words = current.reduce(0) { $0 + $1.words }
                    if words > 0 && words + piece.words > maximumWords { close() }
                    current.append(piece)
                }
            }
        }
        endSection()
        return passages
    }

    /// A paragraph as pieces that each fit `maximumWords`: the whole paragraph, else its sentences, each sentence
    /// too long cut into runs of words.
    private func pieces(of paragraph: String, at offset: Int) -> [Piece] {
        let count = Self.wordCount(paragraph)
        if count <= maximumWords { return [Piece(start: offset, end: offset + paragraph.utf16.count, words: count)] }
        let scalars = Array(paragraph.unicodeScalars)
        var utf16Offsets: [Int] = []
        utf16Offsets.reserveCapacity(scalars.count + 1)
        var position = offset
        for scalar in scalars {
            utf16Offsets.append(position)
            position += scalar.utf16.count
        }
        utf16Offsets.append(position)
        let whole = Piece(start: offset, end: position, words: Self.words(scalars, 0..<scalars.count))
        guard whole.words > maximumWords else { return [whole] }
        var pieces: [Piece] = []
        for sentence in Self.sentences(scalars) {
            let words = Self.words(scalars, sentence)
            if words <= maximumWords {
                pieces.append(Piece(start: utf16Offsets[sentence.lowerBound], end: utf16Offsets[sentence.upperBound], words: words))
            } else {
                for run in wordRuns(scalars, sentence) {
                    pieces.append(Piece(start: utf16Offsets[run.range.lowerBound], end: utf16Offsets[run.range.upperBound], words: run.words))
                }
            }
        }
        return pieces
    }

    private static func words(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Int {
        var count = 0
        var inWord = false
        for index in range {
            let space = Self.isSpace(scalars[index])
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }

    /// Runs of at most `maximumWords` words covering `range` (each from a word's start to a word's end).
    private func wordRuns(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> [(range: Range<Int>, words: Int)] {
        var runs: [(range: Range<Int>, words: Int)] = []
        var start: Int?
        var lastEnd = range.lowerBound
        var words = 0
        var index = range.lowerBound
        while index < range.upperBound {
            if Self.isSpace(scalars[index]) {
                index += 1
                continue
            }
            var end = index
            while end < range.upperBound, !Self.isSpace(scalars[end]) { end += 1 }
            if words == maximumWords, let begun = start {
                runs.append((begun..<lastEnd, words))
                start = nil
                words = 0
            }
            if start == nil { start = index }
            words += 1
            lastEnd = end
            index = end
        }
        if let start, words > 0 { runs.append((start..<lastEnd, words)) }
        return runs
    }

    /// Words that end with a full stop without ending a sentence (lower-cased, without the stop).
    private static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "e.g", "i.e", "inc", "ltd", "co", "fig", "no",
        "vol", "p", "pp", "cf", "al", "approx", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
        "nov", "dec", "u.s", "u.k",
    ]

    /// The sentences of a paragraph, as scalar ranges from the first non-space character to the end of the
    /// closing punctuation (with any closing quote or bracket); the last one runs to the end of the text.
    public static func sentences(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var sentences: [Range<Int>] = []
        var start = 0
        while start < scalars.count, Self.isSpace(scalars[start]) { start += 1 }
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "." || scalar == "!" || scalar == "?" || scalar == "…" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, "\"'”’)]»".unicodeScalars.contains(scalars[end]) || scalars[end] == "." { end += 1 }
            var next = end
            while next < scalars.count, Self.isSpace(scalars[next]) { next += 1 }
            let spaced = next > end
            let opensSentence = next < scalars.count
                && (scalars[next].properties.isUppercase || ("0"..."9").contains(scalars[next])
                    || "\"'“‘(«¿¡".unicodeScalars.contains(scalars[next]))
            if spaced && opensSentence && !(scalar == "." && endsAbbreviation(scalars, before: index, from: start)) {
                sentences.append(start..<end)
                start = next
            }
            index = max(end, index + 1)
        }
        var last = scalars.count
        while last > start, Self.isSpace(scalars[last - 1]) { last -= 1 }
        if last > start { sentences.append(start..<last) }
        return sentences
    }

    /// Whether the word before the full stop at `stop` is an abbreviation or a single letter (an initial).
    private static func endsAbbreviation(_ scalars: [Unicode.Scalar], before stop: Int, from start: Int) -> Bool {
        var begin = stop
        while begin > start, !Self.isSpace(scalars[begin - 1]), scalars[begin - 1] != "(" { begin -= 1 }
        let word = String(String.UnicodeScalarView(scalars[begin..<stop])).lowercased()
        if word.count == 1, word.first?.isLetter == true { return true }
        return abbreviations.contains(word)
    }
}
