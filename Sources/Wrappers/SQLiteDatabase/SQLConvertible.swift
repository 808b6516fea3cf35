/// A Swift value that can be bound as an SQL parameter.
public protocol SQLConvertible: Sendable {
    /// The value as SQLite stores it.
    var sqlValue: SQLValue { get }
}

extension SQLValue: SQLConvertible {
    /// The value itself.
    public var sqlValue: SQLValue { self }
}

extension Int: SQLConvertible {
    /// An INTEGER.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLConvertible {
    /// An INTEGER.
    public var sqlValue: SQLValue { .integer(self) }
}

extension Int32: SQLConvertible {
    /// An INTEGER.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLConvertible {
    /// A REAL. NaN cannot be bound (SQLite would store NULL): binding it throws.
    public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLConvertible {
    /// TEXT, byte for byte (embedded NUL characters included).
    public var sqlValue: SQLValue { .text(self) }
}

extension Substring: SQLConvertible {
    /// TEXT.
    public var sqlValue: SQLValue { .text(String(self)) }
}

extension Bool: SQLConvertible {
    /// The INTEGER 1 or 0.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Array: SQLConvertible where Element == UInt8 {
    /// A BLOB (an empty array is an empty BLOB, not NULL).
    public var sqlValue: SQLValue { .blob(self) }
}

extension Optional: SQLConvertible where Wrapped: SQLConvertible {
    /// NULL for `nil`, otherwise the wrapped value.
    public var sqlValue: SQLValue {
        switch self {
        case .none: .null
        case .some(let value): value.sqlValue
        }
    }
}
