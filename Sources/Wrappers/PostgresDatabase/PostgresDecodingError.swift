/// Why a `PostgresRow` getter could not return the asked-for value. Never includes the stored value itself.
public enum PostgresDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No result column has this name.
    case missingColumn(String, available: [String])
    /// The row has no column at this index.
    case indexOutOfRange(Int, columnCount: Int)
    /// The column holds another type, NULL, or a value out of the asked-for range.
    case typeMismatch(column: String, expected: String, found: String)

    /// A message naming the column and what went wrong.
    public var description: String {
        switch self {
        case .missingColumn(let name, let available):
            "no column named \"\(name)\" in the row (columns: \(available.joined(separator: ", ")))"
        case .indexOutOfRange(let index, let count):
            "no column at index \(index): the row has \(count) column(s)"
        case .typeMismatch(let column, let expected, let found):
            "column \"\(column)\" holds \(found), expected \(expected)"
        }
    }
}
