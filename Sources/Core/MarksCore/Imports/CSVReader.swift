import Foundation

/// RFC 4180 CSV read a row at a time: fields separated by commas, quoted with `"` (a doubled `""` inside a quoted
/// field is one quote), rows ended by LF or CRLF; a quoted field may hold line breaks. Each row comes with the line it
/// starts on. A quote still open at the end is an error (the file was cut short).
struct CSVReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Whether the row `next` returned last ended at the end of the text, without a line break.
    private(set) var lastRowUnterminated = false

    /// A field still open at the end of the text: the line its quote opened on.
    struct Unclosed: Error {
        let line: Int
    }

    init(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
    }

    /// The header's fields (the first row), trimmed; empty when the text has no complete first row.
    static func header(of text: String) -> [String] {
        var reader = CSVReader(text)
        do {
            return try reader.next()?.fields.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        } catch {
            return []
        }
    }

    /// The next row and the line it starts on; nil at the end. Blank lines are skipped.
    mutating func next() throws(Unclosed) -> (line: Int, fields: [String])? {
        while index < bytes.count {
            let start = line
            var fields: [String] = []
            var field: [UInt8] = []
            var quoted = false
            var quoteLine = line
            var rowEnded = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte == 0x22 {
                        if index < bytes.count && bytes[index] == 0x22 {
                            field.append(0x22)
                            index += 1
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == 0x0A { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case 0x22 where field.isEmpty:
                    quoted = true
                    quoteLine = line
                case 0x2C:
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                case 0x0A:
                    line += 1
                    rowEnded = true
                case 0x0D where index < bytes.count && bytes[index] == 0x0A:
                    break
                default:
                    field.append(byte)
                }
                if rowEnded { break }
            }
            if quoted { throw Unclosed(line: quoteLine) }
            lastRowUnterminated = !rowEnded
            fields.append(String(decoding: field, as: UTF8.self))
            if fields.count == 1 && fields[0].allSatisfy(\.isWhitespace) { continue }
            return (start, fields)
        }
        return nil
    }
}
