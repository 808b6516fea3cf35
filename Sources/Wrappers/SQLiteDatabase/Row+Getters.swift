// Typed getters: each throws RowDecodingError for a missing column, NULL (unless optional) or another type.

extension Row {
    /// An INTEGER column as `Int`; throws on NULL, another type or a missing column.
    public func int(_ column: String) throws -> Int { try decode(column, as: "INTEGER", Self.asInt) }
    /// An INTEGER column as `Int`, by zero-based index.
    public func int(at index: Int) throws -> Int { try decode(at: index, as: "INTEGER", Self.asInt) }
    /// An INTEGER column as `Int`, or nil for NULL; throws on another type or a missing column.
    public func optionalInt(_ column: String) throws -> Int? { try decodeOptional(column, as: "INTEGER", Self.asInt) }
    /// An INTEGER column as `Int`, or nil for NULL, by zero-based index.
    public func optionalInt(at index: Int) throws -> Int? { try decodeOptional(at: index, as: "INTEGER", Self.asInt) }

    /// An INTEGER column as `Int64`; throws on NULL, another type or a missing column.
    public func int64(_ column: String) throws -> Int64 { try decode(column, as: "INTEGER", Self.asInt64) }
    /// An INTEGER column as `Int64`, by zero-based index.
    public func int64(at index: Int) throws -> Int64 { try decode(at: index, as: "INTEGER", Self.asInt64) }
    /// An INTEGER column as `Int64`, or nil for NULL; throws on another type or a missing column.
    public func optionalInt64(_ column: String) throws -> Int64? { try decodeOptional(column, as: "INTEGER", Self.asInt64) }
    /// An INTEGER column as `Int64`, or nil for NULL, by zero-based index.
    public func optionalInt64(at index: Int) throws -> Int64? { try decodeOptional(at: index, as: "INTEGER", Self.asInt64) }

    /// A REAL (or INTEGER) column as `Double`; throws on NULL, another type or a missing column.
    public func double(_ column: String) throws -> Double { try decode(column, as: "REAL", Self.asDouble) }
    /// A REAL (or INTEGER) column as `Double`, by zero-based index.
    public func double(at index: Int) throws -> Double { try decode(at: index, as: "REAL", Self.asDouble) }
    /// A REAL (or INTEGER) column as `Double`, or nil for NULL; throws on another type or a missing column.
    public func optionalDouble(_ column: String) throws -> Double? { try decodeOptional(column, as: "REAL", Self.asDouble) }
    /// A REAL (or INTEGER) column as `Double`, or nil for NULL, by zero-based index.
    public func optionalDouble(at index: Int) throws -> Double? { try decodeOptional(at: index, as: "REAL", Self.asDouble) }

    /// A TEXT column as `String`; throws on NULL, another type or a missing column.
    public func string(_ column: String) throws -> String { try decode(column, as: "TEXT", Self.asString) }
    /// A TEXT column as `String`, by zero-based index.
    public func string(at index: Int) throws -> String { try decode(at: index, as: "TEXT", Self.asString) }
    /// A TEXT column as `String`, or nil for NULL; throws on another type or a missing column.
    public func optionalString(_ column: String) throws -> String? { try decodeOptional(column, as: "TEXT", Self.asString) }
    /// A TEXT column as `String`, or nil for NULL, by zero-based index.
    public func optionalString(at index: Int) throws -> String? { try decodeOptional(at: index, as: "TEXT", Self.asString) }

    /// An INTEGER column as `Bool` (0 is false, anything else true); throws on NULL, another type or a missing column.
    public func bool(_ column: String) throws -> Bool { try decode(column, as: "INTEGER (0 or 1)", Self.asBool) }
    /// An INTEGER column as `Bool` (0 is false, anything else true), by zero-based index.
    public func bool(at index: Int) throws -> Bool { try decode(at: index, as: "INTEGER (0 or 1)", Self.asBool) }
    /// An INTEGER column as `Bool` (0 is false, anything else true), or nil for NULL; throws on another type or a missing column.
    public func optionalBool(_ column: String) throws -> Bool? { try decodeOptional(column, as: "INTEGER (0 or 1)", Self.asBool) }
    /// An INTEGER column as `Bool` (0 is false, anything else true), or nil for NULL, by zero-based index.
    public func optionalBool(at index: Int) throws -> Bool? { try decodeOptional(at: index, as: "INTEGER (0 or 1)", Self.asBool) }

    /// A BLOB column as bytes; throws on NULL, another type or a missing column.
    public func blob(_ column: String) throws -> [UInt8] { try decode(column, as: "BLOB", Self.asBlob) }
    /// A BLOB column as bytes, by zero-based index.
    public func blob(at index: Int) throws -> [UInt8] { try decode(at: index, as: "BLOB", Self.asBlob) }
    /// A BLOB column as bytes, or nil for NULL; throws on another type or a missing column.
    public func optionalBlob(_ column: String) throws -> [UInt8]? { try decodeOptional(column, as: "BLOB", Self.asBlob) }
    /// A BLOB column as bytes, or nil for NULL, by zero-based index.
    public func optionalBlob(at index: Int) throws -> [UInt8]? { try decodeOptional(at: index, as: "BLOB", Self.asBlob) }

    private static func asInt(_ value: SQLValue) -> Int? {
        if case .integer(let v) = value { Int(exactly: v) } else { nil }
    }

    private static func asInt64(_ value: SQLValue) -> Int64? {
        if case .integer(let v) = value { v } else { nil }
    }

    private static func asDouble(_ value: SQLValue) -> Double? {
        switch value { case .real(let v): v; case .integer(let v): Double(v); default: nil }
    }

    private static func asString(_ value: SQLValue) -> String? {
        if case .text(let v) = value { v } else { nil }
    }

    private static func asBool(_ value: SQLValue) -> Bool? {
        if case .integer(let v) = value { v != 0 } else { nil }
    }

    private static func asBlob(_ value: SQLValue) -> [UInt8]? {
        if case .blob(let v) = value { v } else { nil }
    }
}
