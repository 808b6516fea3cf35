/// A CSV export read row by row with its columns found by name in the header (any case, any order; unknown columns
/// ignored, a short row's missing fields empty). The header must name every column of `required` and one of `anyOf`
/// (what tells the service's file from another's).
struct CSVTable {
    /// One row: its line and its fields by column name.
    struct Row {
        let line: Int
        let fields: [String]
        let columns: [String: Int]

        /// The field of `column` (lowercased name), trimmed; empty when the row has none.
        subscript(_ column: String) -> String {
            guard let index = columns[column], index < fields.count else { return "" }
            return fields[index].importTrimmed
        }

        var place: ImportPlace { .line(line) }
    }

    /// Reads every row of `text` after the header into `collector` through `add`.
    static func read(_ text: String, as format: ImportFormat, required: [String], anyOf: [String] = [],
                     add: (Row, inout ImportCollector) -> Void) throws(ImportFormatError) -> ImportCollector {
        var reader = CSVReader(text)
        var collector = ImportCollector(format)
        do {
            guard let header = try reader.next() else { throw ImportFormatError.notThisFormat(format, "the file is empty") }
            var columns: [String: Int] = [:]
            for (index, name) in header.fields.enumerated() {
                let key = name.trimmingCharacters(in: .whitespaces).lowercased()
                if columns[key] == nil { columns[key] = index }
            }
            let missing = required.filter { columns[$0] == nil }
            guard missing.isEmpty else {
                throw ImportFormatError.notThisFormat(format, "its first line has no \(missing.joined(separator: ", ")) column")
            }
            guard anyOf.isEmpty || anyOf.contains(where: { columns[$0] != nil }) else {
                throw ImportFormatError.notThisFormat(format, "its first line has none of the columns \(anyOf.joined(separator: ", "))")
            }
            while let row = try reader.next() {
                // The exports end every row with a line break and write every column: a last row without either was cut.
                if reader.lastRowUnterminated && row.fields.count < header.fields.count {
                    throw ImportFormatError.broken(format, place: .line(row.line), "its last row is cut short (it ends without a line break, with fewer fields than the header)")
                }
                add(Row(line: row.line, fields: row.fields, columns: columns), &collector)
            }
        } catch let error as CSVReader.Unclosed {
            throw .broken(format, place: .line(error.line), "a quoted field opened here is never closed")
        } catch let error as ImportFormatError {
            throw error
        } catch {
            throw .broken(format, place: nil, "\(error)")
        }
        return collector
    }
}
