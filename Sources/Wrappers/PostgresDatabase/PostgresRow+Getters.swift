// Typed getters: each throws PostgresDecodingError for a missing column, NULL (unless optional) or another type.

extension PostgresRow {
    /// An integer column as `Int`; throws on NULL, another type or a missing column.
    public func int(_ column: String) throws(PostgresDecodingError) -> Int { try decode(column, as: "integer", Self.asInt) }
    /// An integer column as `Int`, by zero-based index.
    public func int(at index: Int) throws(PostgresDecodingError) -> Int { try decode(at: index, as: "integer", Self.asInt) }
    /// An integer column as `Int`, or nil for NULL; throws on another type or a missing column.
    public func optionalInt(_ column: String) throws(PostgresDecodingError) -> Int? { try decodeOptional(column, as: "integer", Self.asInt) }
    /// An integer column as `Int`, or nil for NULL, by zero-based index.
    public func optionalInt(at index: Int) throws(PostgresDecodingError) -> Int? { try decodeOptional(at: index, as: "integer", Self.asInt) }

    /// An integer column as `Int64`; throws on NULL, another type or a missing column.
    public func int64(_ column: String) throws(PostgresDecodingError) -> Int64 { try decode(column, as: "integer", Self.asInt64) }
    /// An integer column as `Int64`, by zero-based index.
    public func int64(at index: Int) throws(PostgresDecodingError) -> Int64 { try decode(at: index, as: "integer", Self.asInt64) }
    /// An integer column as `Int64`, or nil for NULL; throws on another type or a missing column.
    public func optionalInt64(_ column: String) throws(PostgresDecodingError) -> Int64? { try decodeOptional(column, as: "integer", Self.asInt64) }
    /// An integer column as `Int64`, or nil for NULL, by zero-based index.
    public func optionalInt64(at index: Int) throws(PostgresDecodingError) -> Int64? { try decodeOptional(at: index, as: "integer", Self.asInt64) }

    /// A double precision, real or integer column as `Double`; throws on NULL, another type or a missing column.
    public func double(_ column: String) throws(PostgresDecodingError) -> Double { try decode(column, as: "double precision", Self.asDouble) }
    /// A double precision, real or integer column as `Double`, by zero-based index.
    public func double(at index: Int) throws(PostgresDecodingError) -> Double { try decode(at: index, as: "double precision", Self.asDouble) }
    /// A double precision, real or integer column as `Double`, or nil for NULL; throws on another type or a missing column.
    public func optionalDouble(_ column: String) throws(PostgresDecodingError) -> Double? { try decodeOptional(column, as: "double precision", Self.asDouble) }
    /// A double precision, real or integer column as `Double`, or nil for NULL, by zero-based index.
    public func optionalDouble(at index: Int) throws(PostgresDecodingError) -> Double? { try decodeOptional(at: index, as: "double precision", Self.asDouble) }

    /// A text column (or any type without a getter of its own, in its text form) as `String`; throws on NULL, another type or a missing column.
    public func string(_ column: String) throws(PostgresDecodingError) -> String { try decode(column, as: "text", Self.asString) }
    /// A text column (or any type without a getter of its own, in its text form) as `String`, by zero-based index.
    public func string(at index: Int) throws(PostgresDecodingError) -> String { try decode(at: index, as: "text", Self.asString) }
    /// A text column (or any type without a getter of its own, in its text form) as `String`, or nil for NULL; throws on another type or a missing column.
    public func optionalString(_ column: String) throws(PostgresDecodingError) -> String? { try decodeOptional(column, as: "text", Self.asString) }
    /// A text column (or any type without a getter of its own, in its text form) as `String`, or nil for NULL, by zero-based index.
    public func optionalString(at index: Int) throws(PostgresDecodingError) -> String? { try decodeOptional(at: index, as: "text", Self.asString) }

    /// A boolean column as `Bool`; throws on NULL, another type or a missing column.
    public func bool(_ column: String) throws(PostgresDecodingError) -> Bool { try decode(column, as: "boolean", Self.asBool) }
    /// A boolean column as `Bool`, by zero-based index.
    public func bool(at index: Int) throws(PostgresDecodingError) -> Bool { try decode(at: index, as: "boolean", Self.asBool) }
    /// A boolean column as `Bool`, or nil for NULL; throws on another type or a missing column.
    public func optionalBool(_ column: String) throws(PostgresDecodingError) -> Bool? { try decodeOptional(column, as: "boolean", Self.asBool) }
    /// A boolean column as `Bool`, or nil for NULL, by zero-based index.
    public func optionalBool(at index: Int) throws(PostgresDecodingError) -> Bool? { try decodeOptional(at: index, as: "boolean", Self.asBool) }

    /// A bytea column as bytes; throws on NULL, another type or a missing column.
    public func bytes(_ column: String) throws(PostgresDecodingError) -> [UInt8] { try decode(column, as: "bytea", Self.asBytes) }
    /// A bytea column as bytes, by zero-based index.
    public func bytes(at index: Int) throws(PostgresDecodingError) -> [UInt8] { try decode(at: index, as: "bytea", Self.asBytes) }
    /// A bytea column as bytes, or nil for NULL; throws on another type or a missing column.
    public func optionalBytes(_ column: String) throws(PostgresDecodingError) -> [UInt8]? { try decodeOptional(column, as: "bytea", Self.asBytes) }
    /// A bytea column as bytes, or nil for NULL, by zero-based index.
    public func optionalBytes(at index: Int) throws(PostgresDecodingError) -> [UInt8]? { try decodeOptional(at: index, as: "bytea", Self.asBytes) }

    private static func asInt(_ value: PostgresValue) -> Int? {
        if case .int(let v) = value { Int(exactly: v) } else { nil }
    }

    private static func asInt64(_ value: PostgresValue) -> Int64? {
        if case .int(let v) = value { v } else { nil }
    }

    private static func asDouble(_ value: PostgresValue) -> Double? {
        switch value { case .double(let v): v; case .int(let v): Double(v); default: nil }
    }

    private static func asString(_ value: PostgresValue) -> String? {
        if case .text(let v) = value { v } else { nil }
    }

    private static func asBool(_ value: PostgresValue) -> Bool? {
        if case .bool(let v) = value { v } else { nil }
    }

    private static func asBytes(_ value: PostgresValue) -> [UInt8]? {
        if case .bytes(let v) = value { v } else { nil }
    }
}
