/// A value sent to PostgreSQL as a parameter, or read back from a result column.
///
/// Parameters: `.int`, `.double` and `.bool` are sent with their type declared (bigint, double precision,
/// boolean); `.text` leaves the type to the server, which infers it from the statement (so a string can feed a
/// date, json or uuid column); `.bytes` is sent in binary format as bytea. A function that takes a narrower integer
/// needs a cast in SQL (`pg_terminate_backend($1::int)`); comparisons and inserts into smaller columns do not.
///
/// Results, by column type: smallint, integer, bigint and oid come back as `.int`; real and double precision as
/// `.double`; boolean as `.bool`; bytea as `.bytes`; every other type (numeric, dates, json, uuid…) as `.text`
/// in PostgreSQL's text form. Cast in SQL (`::float8`, `::text`) to choose.
public enum PostgresValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case bytes([UInt8])
    case bool(Bool)

    /// Wraps any convertible Swift value (`PostgresValue(title)`, `PostgresValue(optionalNote)`).
    public init(_ value: some PostgresConvertible) {
        self = value.postgresValue
    }

    /// The PostgreSQL name of the type this value is sent or read as (`NULL` for `.null`).
    public var typeName: String {
        switch self {
        case .null: "NULL"
        case .int: "bigint"
        case .double: "double precision"
        case .text: "text"
        case .bytes: "bytea"
        case .bool: "boolean"
        }
    }

    /// True for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension PostgresValue: ExpressibleByNilLiteral {
    /// `nil` is SQL NULL.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension PostgresValue: ExpressibleByIntegerLiteral {
    /// An integer literal is a bigint.
    public init(integerLiteral value: Int64) {
        self = .int(value)
    }
}

extension PostgresValue: ExpressibleByFloatLiteral {
    /// A float literal is a double precision.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension PostgresValue: ExpressibleByStringLiteral {
    /// A string literal is text.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}

extension PostgresValue: ExpressibleByBooleanLiteral {
    /// `true` and `false` are booleans.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}
