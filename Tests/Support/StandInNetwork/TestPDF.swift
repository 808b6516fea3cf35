/// A tiny PDF writer for tests and benchmarks (a stand-in document speaking the real format, so no binary
/// fixture is committed): pages of Helvetica text lines, and pages with only a drawing (no text layer, as a
/// scanned page has).
public enum TestPDF {
    /// One page: lines of text, only a drawing (no text layer), or a full-page 8-bit grey image (a scan).
    public enum Page: Sendable {
        case text([String])
        case drawingOnly
        case image(width: Int, height: Int, gray: [UInt8])
    }

    /// The PDF's bytes, one page per entry; `title` goes in the document information dictionary (as UTF-16).
    public static func make(_ pages: [Page], title: String? = nil) -> [UInt8] {
        var objects: [[UInt8]] = []
        func add(_ text: String) { objects.append(Array(text.utf8)) }
        // 1 catalog, 2 pages, 3 font, then page k at 4 + 3k, its content at 5 + 3k and its image (or null) at 6 + 3k.
        add("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0..<pages.count).map { "\(4 + 3 * $0) 0 R" }.joined(separator: " ")
        add("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>")
        add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        for (index, page) in pages.enumerated() {
            let content: String
            var image: [UInt8] = Array("null".utf8)
            switch page {
            case .text(let lines):
                content = "BT /F1 11 Tf 14 TL 72 740 Td " + lines.map { "(\(escape($0))) Tj T*" }.joined(separator: " ") + " ET"
            case .drawingOnly:
                content = "0.2 0.3 0.8 rg 72 300 300 300 re f"
            case .image(let width, let height, let gray):
                content = "q 612 0 0 792 0 0 cm /Im1 Do Q"
                image = Array("<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray /BitsPerComponent 8 /Length \(gray.count) >>\nstream\n".utf8)
                    + gray + Array("\nendstream".utf8)
            }
            add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 \(6 + 3 * index) 0 R >> >> /Contents \(5 + 3 * index) 0 R >>")
            add("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
            objects.append(image)
        }
        var info = ""
        if let title {
            let hex = ([0xFE, 0xFF] + title.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).map { byte in
                let digits = Array("0123456789ABCDEF")
                return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            }.joined()
            add("<< /Title <\(hex)> >>")
            info = " /Info \(objects.count) 0 R"
        }
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(index + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n" }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R\(info) >>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array(table.utf8)
        return out
    }

    /// The pixels of a binary PGM (`P5`, 8-bit, as `pdftoppm -gray` writes it): width, height and grey bytes.
    public static func parsePGM(_ bytes: [UInt8]) -> (width: Int, height: Int, gray: [UInt8])? {
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P5".utf8)) else { return nil }
        while fields.count < 3 && index < bytes.count {
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) { index += 1 }
            var number = 0
            var digits = 0
            while index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                number = number * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
            fields.append(number)
        }
        index += 1 // the single white-space byte after the maximum value
        guard fields.count == 3, fields[2] == 255, bytes.count >= index + fields[0] * fields[1] else { return nil }
        return (fields[0], fields[1], Array(bytes[index..<(index + fields[0] * fields[1])]))
    }

    /// A PDF of `count` pages of text, each with `linesPerPage` lines that name their page ("page 12 line 3 …").
    public static func numbered(pages count: Int, linesPerPage: Int = 40) -> [UInt8] {
        make((1...max(1, count)).map { page in
            .text((1...linesPerPage).map { "Page \(page) line \($0): the quick brown fox jumps over the lazy dog near the riverbank" })
        })
    }

    /// Text as a PDF string literal: backslash and parentheses escaped, the bullet and the en dash as their
    /// WinAnsiEncoding codes, anything else outside printable ASCII as `?`.
    private static func escape(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\", "(", ")": out += "\\" + String(scalar)
            case "•": out += "\\225"
            case "–": out += "\\226"
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F: out.unicodeScalars.append(scalar)
            default: out += "?"
            }
        }
        return out
    }
}
