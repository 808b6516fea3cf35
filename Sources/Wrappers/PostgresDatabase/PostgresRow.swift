/// One result row: column names and values, copied out of libpq so it outlives its result.
public struct PostgresRow: Sendable, Hashable {
    /// Result column names, in order.
    public let columnNames: [String]
    /// Values, in column order.
    public let values: [PostgresValue]

    /// A row of these columns and values (tests and fakes; queries build rows themselves).
    public init(columnNames: [String], values: [PostgresValue]) {
        self.columnNames = columnNames
        self.values = values
    }

    /// The value of the first column with this name, or nil when there is no such column.
    public subscript(_ column: String) -> PostgresValue? {
        columnNames.firstIndex(of: column).map { values[$0] }
    }

    /// The raw value of the named column; throws when there is no such column.
    public func value(_ column: String) throws(PostgresDecodingError) -> PostgresValue {
        guard let index = columnNames.firstIndex(of: column) else {
            throw .missingColumn(column, available: columnNames)
        }
        return values[index]
    }

    /// The raw value at a zero-based column index; throws when out of range.
    public func value(at index: Int) throws(PostgresDecodingError) -> PostgresValue {
        guard values.indices.contains(index) else {
            throw .indexOutOfRange(index, columnCount: values.count)
        }
        return values[index]
    }

    func decode<T>(_ column: String, as expected: String, _ convert: (PostgresValue) -> T?) throws(PostgresDecodingError) -> T {
        try Self.require(value(column), column, expected, convert)
    }

    func decode<T>(at index: Int, as expected: String, _ convert: (PostgresValue) -> T?) throws(PostgresDecodingError) -> T {
        try Self.require(value(at: index), label(index), expected, convert)
    }

    func decodeOptional<T>(_ column: String, as expected: String, _ convert: (PostgresValue) -> T?) throws(PostgresDecodingError) -> T? {
        let value = try value(column)
        return value.isNull ? nil : try Self.require(value, column, expected, convert)
    }

    func decodeOptional<T>(at index: Int, as expected: String, _ convert: (PostgresValue) -> T?) throws(PostgresDecodingError) -> T? {
        let value = try value(at: index)
        return value.isNull ? nil : try Self.require(value, label(index), expected, convert)
    }

    private func label(_ index: Int) -> String {
        columnNames.indices.contains(index) ? columnNames[index] : "#\(index)"
    }

    private static func require<T>(
        _ value: PostgresValue, _ column: String, _ expected: String, _ convert: (PostgresValue) -> T?
    ) throws(PostgresDecodingError) -> T {
        guard let converted = convert(value) else {
            throw .typeMismatch(column: column, expected: expected, found: value.typeName)
        }
        return converted
    }
}
