/// Splits text into sentences. Blank lines and line breaks after finished sentences separate paragraphs;
/// hard-wrapped lines are joined again. A period ends a sentence only when white space and a capital
/// (or a digit, an opening quote, or a letter of a script without case) follow, and not after common
/// abbreviations ("Dr.", "e.g.", "U.S."), initials or inside decimals and URLs. Full stops of CJK,
/// Devanagari and Arabic scripts end sentences too. Any input is accepted; nothing is ever dropped but
/// white space, and very long runs are cut at a space so no sentence exceeds `maximumLength` scalars.
public struct SentenceSplitter: Sendable {
    /// The longest sentence returned, in Unicode scalars; longer runs are cut at the last space before it.
    public var maximumLength: Int

    /// A splitter cutting runs longer than `maximumLength` scalars (at least 20).
    public init(maximumLength: Int = 600) {
        self.maximumLength = max(20, maximumLength)
    }

    /// The sentences of `text`, in order, trimmed, none empty.
    public func split(_ text: String) -> [String] {
        var sentences: [String] = []
        for block in Self.blocks(of: text) {
            splitBlock(block, into: &sentences)
        }
        return sentences
    }

    /// Paragraphs of `text` as scalar arrays: lines trimmed and inner white space collapsed; a line that
    /// continues an unfinished one (hard-wrapped prose) is joined to it with a space.
    static func blocks(of text: String) -> [[Unicode.Scalar]] {
        var blocks: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var lastLineLength = 0
        for line in lines(of: text) {
            guard let first = line.first else {
                if !current.isEmpty { blocks.append(current) }
                current = []
                continue
            }
            if !current.isEmpty, continues(previous: current, previousLineLength: lastLineLength, next: line, nextFirst: first) {
                current.append(" ")
                current.append(contentsOf: line)
            } else {
                if !current.isEmpty { blocks.append(current) }
                current = line
            }
            lastLineLength = line.count
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    /// Lines of `text` with white space collapsed to single spaces and trimmed; empty lines stay (as `[]`).
    private static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        var line: [Unicode.Scalar] = []
        var pendingSpace = false
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            if scalar == "\n", afterCarriageReturn { continue }
            if ScriptTraits.isLineBreak(scalar) {
                lines.append(line)
                line = []
                pendingSpace = false
            } else if scalar.properties.isWhitespace || ScriptTraits.isInvisible(scalar) {
                pendingSpace = !line.isEmpty
            } else {
                if pendingSpace { line.append(" ") }
                pendingSpace = false
                line.append(scalar)
            }
        }
        lines.append(line)
        return lines
    }

    private static func continues(previous: [Unicode.Scalar], previousLineLength: Int, next: [Unicode.Scalar], nextFirst: Unicode.Scalar) -> Bool {
        guard let last = previous.last(where: { !ScriptTraits.closers.contains($0) }) else { return false }
        if ScriptTraits.terminators.contains(last) || ScriptTraits.ideographicTerminators.contains(last) || last == ":" {
            return false
        }
        if ScriptTraits.bullets.contains(nextFirst) { return false }
        if nextFirst.properties.isLowercase || nextFirst.properties.numericType != nil { return true }
        if nextFirst.properties.isUppercase { return previousLineLength >= 50 }
        return !nextFirst.properties.isAlphabetic && !nextFirst.properties.isWhitespace && next.count > 1
    }

    private func splitBlock(_ s: [Unicode.Scalar], into sentences: inout [String]) {
        var start = 0
        var index = 0
        while index < s.count {
            let scalar = s[index]
            if ScriptTraits.ideographicTerminators.contains(scalar) {
                var end = index + 1
                while end < s.count, ScriptTraits.ideographicTerminators.contains(s[end]) || ScriptTraits.closers.contains(s[end]) { end += 1 }
                emit(s, start..<end, into: &sentences)
                start = skipSpaces(s, from: end)
                index = start
                continue
            }
            guard ScriptTraits.terminators.contains(scalar) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < s.count, ScriptTraits.terminators.contains(s[end]) { end += 1 }
            while end < s.count, ScriptTraits.closers.contains(s[end]) { end += 1 }
            guard end < s.count else { break }
            guard s[end] == " " else {
                index = end
                continue
            }
            let next = skipSpaces(s, from: end)
            if isBoundary(s, terminator: index, runEnd: end, next: next) {
                emit(s, start..<end, into: &sentences)
                start = next
            }
            index = next
        }
        emit(s, start..<s.count, into: &sentences)
    }

    private func isBoundary(_ s: [Unicode.Scalar], terminator: Int, runEnd: Int, next: Int) -> Bool {
        guard next < s.count else { return true }
        let following = s[next]
        let opensSentence = following.properties.isUppercase
            || following.properties.numericType != nil
            || ScriptTraits.openers.contains(following)
            || (following.properties.isAlphabetic && !following.properties.changesWhenCaseMapped)
        guard opensSentence else { return false }
        // Only a lone period can belong to an abbreviation or an initial.
        guard s[terminator] == ".", runEnd - terminator == 1 || ScriptTraits.closers.contains(s[terminator + 1]) else { return true }
        let word = wordBefore(s, terminator: terminator)
        guard !word.isEmpty else { return true }
        let lower = word.lowercased()
        let startsSentence = ScriptTraits.sentenceStarters.contains(wordAfter(s, from: next).lowercased())
        if word.unicodeScalars.count == 1, word.unicodeScalars.allSatisfy(\.properties.isUppercase) { return false }
        if ScriptTraits.abbreviations.contains(lower) { return false }
        if ScriptTraits.weakAbbreviations.contains(lower) { return startsSentence }
        // Dotted abbreviations such as U.S, e.g, a.m: letters in groups of one or two.
        let groups = lower.split(separator: ".", omittingEmptySubsequences: false)
        if groups.count > 1, groups.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isLetter) }) {
            return startsSentence
        }
        return true
    }

    private func wordBefore(_ s: [Unicode.Scalar], terminator: Int) -> String {
        var begin = terminator
        while begin > 0, s[begin - 1] != " " { begin -= 1 }
        while begin < terminator, ScriptTraits.openers.contains(s[begin]) || s[begin] == "(" { begin += 1 }
        return String(String.UnicodeScalarView(s[begin..<terminator]))
    }

    private func wordAfter(_ s: [Unicode.Scalar], from start: Int) -> String {
        var end = start
        while end < s.count, s[end].properties.isAlphabetic { end += 1 }
        return String(String.UnicodeScalarView(s[start..<end]))
    }

    private func skipSpaces(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < s.count, s[index] == " " { index += 1 }
        return index
    }

    /// Appends `s[range]` trimmed, cut into pieces of at most `maximumLength` scalars at spaces.
    private func emit(_ s: [Unicode.Scalar], _ range: Range<Int>, into sentences: inout [String]) {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, s[lower] == " " { lower += 1 }
        while upper > lower, s[upper - 1] == " " { upper -= 1 }
        while upper - lower > maximumLength {
            var cut = lower + maximumLength
            while cut > lower + maximumLength / 2, s[cut] != " " { cut -= 1 }
            if s[cut] != " " { cut = lower + maximumLength }
            sentences.append(String(String.UnicodeScalarView(s[lower..<cut])))
            lower = cut
            while lower < upper, s[lower] == " " { lower += 1 }
        }
        if lower < upper { sentences.append(String(String.UnicodeScalarView(s[lower..<upper]))) }
    }
}
