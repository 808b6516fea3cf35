import Foundation

/// Splits a source's plain text (pasted notes, a PDF's or file's extracted text) into narration blocks: blank
/// lines end paragraphs; Markdown's `#` headings, fenced code, list items, quotes and `|` tables are recognised;
/// PDF-style hard-wrapped lines inside a paragraph are joined.
public enum PlainTextBlocks {
    /// The blocks of `text`, in order.
    public static func blocks(from text: String) -> [ArticleBlock] {
        var blocks: [ArticleBlock] = []
        var paragraph: [String] = []
        var code: [String]?
        var tableRows = 0

        func flushParagraph() {
            let joined = joinWrapped(paragraph)
            if !joined.isEmpty { blocks.append(.paragraph(joined)) }
            paragraph = []
        }
        func flushTable() {
            if tableRows > 0 { blocks.append(.table(rows: tableRows, caption: nil)) }
            tableRows = 0
        }

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if var lines = code {
                if line.hasPrefix("```") || line.hasPrefix("~~~") {
                    blocks.append(.code(lines.joined(separator: "\n")))
                    code = nil
                } else {
                    lines.append(String(rawLine))
                    code = lines
                }
                continue
            }
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                flushParagraph(); flushTable()
                code = []
                continue
            }
            if line.hasPrefix("|") {
                flushParagraph()
                // The separator row (|---|---|) is not a row of the table.
                if !line.allSatisfy({ "|-: ".contains($0) }) { tableRows += 1 }
                continue
            }
            flushTable()
            if line.isEmpty {
                flushParagraph()
                continue
            }
            if let heading = heading(line) {
                flushParagraph()
                blocks.append(heading)
            } else if let item = listItem(line) {
                flushParagraph()
                blocks.append(.listItem(item))
            } else if line.hasPrefix(">") {
                flushParagraph()
                let quote = line.drop { $0 == ">" || $0 == " " }
                if case .quote(let previous)? = blocks.last {
                    blocks[blocks.count - 1] = .quote(previous + " " + quote)
                } else if !quote.isEmpty {
                    blocks.append(.quote(String(quote)))
                }
            } else {
                paragraph.append(line)
            }
        }
        if let code { blocks.append(.code(code.joined(separator: "\n"))) }
        flushParagraph(); flushTable()
        return blocks
    }

    private static func heading(_ line: String) -> ArticleBlock? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.first == " " else { return nil }
        let text = rest.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#")).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : .heading(level: hashes, text: text)
    }

    private static func listItem(_ line: String) -> String? {
        for marker in ["- ", "* ", "+ ", "• "] where line.hasPrefix(marker) {
            return String(line.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces)
        }
        // "1. First", "2) Second"
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        let rest = line.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
        return String(rest.dropFirst(2)).trimmingCharacters(in: .whitespaces)
    }

    /// Lines of one paragraph joined with spaces; a word hyphenated at a line end ("exam-" "ple") is joined whole.
    private static func joinWrapped(_ lines: [String]) -> String {
        var joined = ""
        for line in lines {
            if joined.isEmpty {
                joined = line
            } else if joined.hasSuffix("-"), let first = line.first, first.isLowercase, joined.dropLast().last?.isLetter == true {
                joined.removeLast()
                joined += line
            } else {
                joined += " " + line
            }
        }
        return joined
    }
}
