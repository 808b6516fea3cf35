/// A tiny PDF writer for tests and benchmarks (a stand-in document speaking the real format, so no binary
/// fixture is committed): pages of Helvetica text lines, and pages with only a drawing (no text layer, as a
/// scanned page has).
public enum TestPDF {
    /// One page: lines of text, or none (a page with a filled rectangle and no text).
    public enum Page: Sendable {
        case text([String])
        case drawingOnly
    }

    /// The PDF's bytes, one page per entry.
    public static func make(_ pages: [Page]) -> [UInt8] {
        var objects: [String] = []
        let pageCount = pages.count
        // 1 catalog, 2 pages, 3 font, then page k at 4 + 2k and its content at 5 + 2k.
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0..<pageCount).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pageCount) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        for (index, page) in pages.enumerated() {
            let content: String
            switch page {
            case .text(let lines):
                content = "BT /F1 11 Tf 14 TL 72 740 Td " + lines.map { "(\(escape($0))) Tj T*" }.joined(separator: " ") + " ET"
            case .drawingOnly:
                content = "0.2 0.3 0.8 rg 72 300 300 300 re f"
            }
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * index) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        var out = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array(table.utf8)
        return out
    }

    /// A PDF of `count` pages of text, each with `linesPerPage` lines that name their page ("page 12 line 3 …").
    public static func numbered(pages count: Int, linesPerPage: Int = 40) -> [UInt8] {
        make((1...max(1, count)).map { page in
            .text((1...linesPerPage).map { "Page \(page) line \($0): the quick brown fox jumps over the lazy dog near the riverbank" })
        })
    }

    /// Text as a PDF string literal: backslash and parentheses escaped, anything outside printable ASCII as `?`.
    private static func escape(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\", "(", ")": out += "\\" + String(scalar)
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F: out.unicodeScalars.append(scalar)
            default: out += "?"
            }
        }
        return out
    }
}
