/// A Swift value that can be bound as a PostgreSQL parameter.
public protocol PostgresConvertible: Sendable {
    /// The value as it is sent to PostgreSQL.
    var postgresValue: PostgresValue { get }
}

extension PostgresValue: PostgresConvertible {
    /// The value itself.
    public var postgresValue: PostgresValue { self }
}

extension Int: PostgresConvertible {
    /// A bigint.
    public var postgresValue: PostgresValue { .int(Int64(self)) }
}

extension Int64: PostgresConvertible {
    /// A bigint.
    public var postgresValue: PostgresValue { .int(self) }
}

extension Int32: PostgresConvertible {
    /// A bigint.
    public var postgresValue: PostgresValue { .int(Int64(self)) }
}

extension Double: PostgresConvertible {
    /// A double precision (NaN and the infinities included).
    public var postgresValue: PostgresValue { .double(self) }
}

extension String: PostgresConvertible {
    /// Text. PostgreSQL text cannot hold a NUL character: binding one throws (send bytes instead).
    public var postgresValue: PostgresValue { .text(self) }
}

extension Substring: PostgresConvertible {
    /// Text.
    public var postgresValue: PostgresValue { .text(String(self)) }
}

extension Bool: PostgresConvertible {
    /// A boolean.
    public var postgresValue: PostgresValue { .bool(self) }
}

extension Array: PostgresConvertible where Element == UInt8 {
    /// A bytea (an empty array is an empty bytea, not NULL).
    public var postgresValue: PostgresValue { .bytes(self) }
}

extension Optional: PostgresConvertible where Wrapped: PostgresConvertible {
    /// NULL for `nil`, otherwise the wrapped value.
    public var postgresValue: PostgresValue {
        switch self {
        case .none: .null
        case .some(let value): value.postgresValue
        }
    }
}
