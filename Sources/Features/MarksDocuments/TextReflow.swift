/// A document's text as a reader shows it: the hard line breaks of a PDF's extracted text (`pdftotext` ends every
/// printed line) or of hard-wrapped plain text joined into paragraphs, bullets kept as list items, short heading-like
/// lines kept on their own. Pure: the stored text is not changed (search, passages and Ask read it as it is).
///
/// The rules, for one page at a time:
/// - a blank line ends a block;
/// - a bullet ("•", "◦", "▪", "●", "-", "–", "*", "·", the symbol font's "") or a number ("1.", "2)", "(3)") at the
///   start of a line starts a list item; a bullet alone on its line takes the next line as its text;
/// - in hard-wrapped text (most lines near one width), a line continues the one before when that one was broken by
///   the wrap: nearly full when it ended a sentence, at least half full when it stopped mid-sentence (a short line
///   without a full stop — a list item, a heading — ended its block); a word hyphenated at the end of a line
///   ("exam-" + "ple") is joined (pdftotext joins most itself);
/// - a short line that ends without punctuation and starts with a capital or a digit, after a block or a sentence
///   and before a capital, a digit or a bullet, is kept on its own (a heading);
/// - text that is not hard-wrapped (a paragraph a line) keeps each line as its own block.
public enum TextReflow {
    /// One block of reflowed text.
    public enum Block: Sendable, Equatable {
        case paragraph(String)
        /// A list item without its bullet; `number` for a numbered one ("3." is 3).
        case listItem(String, number: Int?)
        /// A short line kept on its own (a heading, a caption).
        case line(String)

        /// The block's text.
        public var text: String {
            switch self {
            case .paragraph(let text), .line(let text), .listItem(let text, _): text
            }
        }
    }

    /// Lines at least this share of the width count as full (their break is a wrap, not an ending).
    static let fullShare = 0.8
    /// A line stopping mid-sentence at least this share of the width was broken by the wrap.
    static let wrapShare = 0.5
    /// Lines under this share of the width (and at most `headingLength`) may be headings.
    static let shortShare = 0.65
    static let headingLength = 70

    private static let bullets: Set<Character> = ["•", "◦", "▪", "▫", "‣", "●", "○", "■", "□", "·", "\u{F0B7}", "-", "–", "*"]
    /// Bullets that are also dashes inside a sentence: only a list item after a block or a sentence ends.
    private static let dashes: Set<Character> = ["-", "–"]
    private static let sentenceEnds: Set<Character> = [".", "!", "?", ":", ";", "\"", "”", "’", ")"]

    /// The blocks of `text` (one page of it).
    public static func blocks(_ text: String) -> [Block] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.trimmingCharacters(in: .whitespaces).filter { $0 != "\r" && $0 != "\u{0C}" })
        }
        let width = typicalWidth(lines)
        var blocks: [Block] = []
        var current: (text: String, number: Int??)? = nil  // number: nil a paragraph, .some(n) a list item
        var last = ""  // the previous line of `current`
        func flush() {
            guard let block = current else { return }
            if let number = block.number {
                blocks.append(.listItem(block.text, number: number))
            } else {
                blocks.append(.paragraph(block.text))
            }
            current = nil
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty {
                // pdftotext sets a list item's wrapped lines apart by a blank line: a long item line that stops
                // mid-sentence goes on after it (unless a new item starts).
                if let block = current, block.number != nil, let width, last.last.map(sentenceEnds.contains) != true,
                   continues(last, width: width), let following = lines[index...].first(where: { !$0.isEmpty }),
                   listMarker(following) == nil {
                    continue
                }
                flush()
                continue
            }
            // Whether the line before ended its block (always, in text that is not hard-wrapped), and whether it
            // ended a sentence (a heading may follow a sentence that filled its line).
            let ended = current == nil || width.map { !continues(last, width: $0) } ?? true
            let endedSentence = current == nil || last.last.map(sentenceEnds.contains) == true
            let next = index < lines.count ? lines[index] : ""
            // A numbered heading ("2. Unified system") is not a list's item: it follows no item, no item follows it.
            let numberedHeading = width.map { isHeading(line, next: next, width: $0) } == true && listMarker(next) == nil
                && current.map { $0.number == nil } ?? true
            if let (marker, rest, number) = listMarker(line), ended || !dashes.contains(marker), number == nil || !numberedHeading {
                flush()
                var item = rest
                if item.isEmpty {
                    // pdftotext often puts a bullet alone on its line, the item's words on the next.
                    while index < lines.count, lines[index].isEmpty { index += 1 }
                    guard index < lines.count, listMarker(lines[index]) == nil else { continue }
                    item = lines[index]
                    index += 1
                }
                current = (item, .some(number))
                last = item
                continue
            }
            if let width, ended || endedSentence, isHeading(line, next: next, width: width) {
                flush()
                blocks.append(.line(line))
                continue
            }
            if let block = current, !ended {
                current = (join(block.text, line), block.number)
            } else {
                flush()
                current = (line, nil)
            }
            last = line
        }
        flush()
        return blocks
    }

    /// The width of a full line when the text is hard-wrapped (the 80th percentile of line lengths, with at least a
    /// third of the lines near it), else nil: a paragraph a line, whose lines are never joined.
    static func typicalWidth(_ lines: [String]) -> Int? {
        let lengths = lines.filter { !$0.isEmpty }.map(\.count).sorted()
        guard lengths.count >= 3 else { return nil }
        let width = lengths[min(lengths.count - 1, lengths.count * 8 / 10)]
        guard width >= 30, width <= 160 else { return nil }
        let full = lengths.filter { Double($0) >= Double(width) * 0.7 }.count
        return full * 3 >= lengths.count ? width : nil
    }

    /// Whether the line after `previous` continues its block: a line broken by the wrap is nearly full (most of the
    /// width when it ends a sentence, half of it when it stops mid-sentence); a shorter one ended its block.
    private static func continues(_ previous: String, width: Int) -> Bool {
        let share = previous.last.map(sentenceEnds.contains) == true ? fullShare : wrapShare
        return Double(previous.count) >= Double(width) * share
    }

    /// A heading-like line: short, starting with a capital or digit, ending without punctuation, holding a letter, and
    /// followed by the end, a blank line, a capital, a digit or a bullet.
    private static func isHeading(_ line: String, next: String, width: Int) -> Bool {
        guard line.count <= headingLength, Double(line.count) < Double(width) * shortShare,
              let first = line.first, first.isUppercase || first.isNumber,
              let end = line.last, !".,;:".contains(end), !dashes.contains(end), line.contains(where: \.isLetter) else { return false }
        guard let following = next.first else { return true }
        return following.isUppercase || following.isNumber || listMarker(next) != nil
    }

    /// The bullet, the rest of the line and the number of a list item's first line, or nil. (A numbered item's
    /// marker is returned as "1".)
    static func listMarker(_ line: String) -> (Character, String, Int?)? {
        guard let first = line.first else { return nil }
        if bullets.contains(first) {
            let rest = line.dropFirst()
            guard rest.isEmpty || rest.first?.isWhitespace == true else { return nil }
            // "--" or "**" are not bullets; a dash alone on a line is (pdftotext puts bullets alone).
            return (first, rest.trimmingCharacters(in: .whitespaces), nil)
        }
        // 1. 1) (1) — at most three digits, then white space and words.
        var scalars = Substring(line)
        let opened = scalars.first == "("
        if opened { scalars = scalars.dropFirst() }
        let digits = scalars.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let number = Int(digits) else { return nil }
        scalars = scalars.dropFirst(digits.count)
        guard let close = scalars.first, opened ? close == ")" : (close == "." || close == ")") else { return nil }
        scalars = scalars.dropFirst()
        guard let space = scalars.first, space.isWhitespace else { return nil }
        let rest = scalars.trimmingCharacters(in: .whitespaces)
        guard rest.first?.isLetter == true else { return nil }
        return ("1", rest, number)
    }

    /// `text` and the next line: a word hyphenated across the break ("exam-" + "ple") joined without its hyphen,
    /// anything else with a space.
    static func join(_ text: String, _ line: String) -> String {
        if text.last == "\u{AD}" { return String(text.dropLast()) + line }
        if text.last == "-", let before = text.dropLast().last, before.isLetter, before.isLowercase,
           let after = line.first, after.isLetter, after.isLowercase {
            return String(text.dropLast()) + line
        }
        return text + " " + line
    }
}
