/// Where the bookmarks of a Netscape file are: the line of every `<A` start tag, in order. The parser reports
/// its own problems by line but keeps no line on an entry; this maps entry positions back to lines so a bookmark
/// refused on saving is reported where it is in the file.
enum NetscapeAnchorLines {
    /// The 1-based line of each `<a …>` / `<A …>` start tag.
    static func lines(in text: String) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var beforeLast: UInt8 = 0
        var last: UInt8 = 0
        for byte in text.utf8 {
            // Looking back two bytes: `<`, then `a`/`A`, then white space or `>` (all on the tag's line).
            if beforeLast == UInt8(ascii: "<"), last | 0x20 == UInt8(ascii: "a"),
               byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: ">") {
                lines.append(line)
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            beforeLast = last
            last = byte
        }
        return lines
    }

    /// The line of each parsed entry: the anchor lines minus those the parser skipped (reported with `skipped`
    /// lines), when the numbers agree; nil when they do not (a comment or script holding `<a`, say).
    static func entryLines(in text: String, entryCount: Int, skippedLines: [Int]) -> [Int]? {
        var anchors = lines(in: text)
        for line in skippedLines {
            guard let index = anchors.firstIndex(of: line) else { return nil }
            anchors.remove(at: index)
        }
        return anchors.count == entryCount ? anchors : nil
    }
}
