/// One result row: column names and values, copied out of SQLite so it outlives its statement.
public struct Row: Sendable, Hashable {
    /// Result column names, in order.
    public let columnNames: [String]
    /// Values, in column order.
    public let values: [SQLValue]

    /// A row of these columns and values (tests and fakes; queries build rows themselves).
    public init(columnNames: [String], values: [SQLValue]) {
        self.columnNames = columnNames
        self.values = values
    }

    /// The value of the first column with this name, or nil when there is no such column.
    public subscript(_ column: String) -> SQLValue? {
        columnNames.firstIndex(of: column).map { values[$0] }
    }

    /// The raw value of the named column; throws when there is no such column.
    public func value(_ column: String) throws -> SQLValue {
        guard let index = columnNames.firstIndex(of: column) else {
            throw RowDecodingError.missingColumn(column, available: columnNames)
        }
        return values[index]
    }

    /// The raw value at a zero-based column index; throws when out of range.
    public func value(at index: Int) throws -> SQLValue {
        guard values.indices.contains(index) else {
            throw RowDecodingError.indexOutOfRange(index, columnCount: values.count)
        }
        return values[index]
    }

    func decode<T>(_ column: String, as expected: String, _ convert: (SQLValue) -> T?) throws -> T {
        try Self.require(value(column), column, expected, convert)
    }

    func decode<T>(at index: Int, as expected: String, _ convert: (SQLValue) -> T?) throws -> T {
        try Self.require(value(at: index), label(index), expected, convert)
    }

    func decodeOptional<T>(_ column: String, as expected: String, _ convert: (SQLValue) -> T?) throws -> T? {
        let value = try value(column)
        return value.isNull ? nil : try Self.require(value, column, expected, convert)
    }

    func decodeOptional<T>(at index: Int, as expected: String, _ convert: (SQLValue) -> T?) throws -> T? {
        let value = try value(at: index)
        return value.isNull ? nil : try Self.require(value, label(index), expected, convert)
    }

    private func label(_ index: Int) -> String {
        columnNames.indices.contains(index) ? columnNames[index] : "#\(index)"
    }

    private static func require<T>(
        _ value: SQLValue, _ column: String, _ expected: String, _ convert: (SQLValue) -> T?
    ) throws -> T {
        guard let converted = convert(value) else {
            throw RowDecodingError.typeMismatch(column: column, expected: expected, found: value.storageClass)
        }
        return converted
    }
}
