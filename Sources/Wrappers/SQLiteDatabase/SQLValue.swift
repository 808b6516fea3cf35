/// A value SQLite stores or returns: one of its five storage classes.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Wraps any convertible Swift value (`SQLValue(title)`, `SQLValue(optionalNote)`).
    public init(_ value: some SQLConvertible) {
        self = value.sqlValue
    }

    /// The SQLite name of this value's storage class (`NULL`, `INTEGER`, `REAL`, `TEXT`, `BLOB`).
    public var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }

    /// True for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// `nil` is SQL NULL.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An integer literal is an INTEGER.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension SQLValue: ExpressibleByFloatLiteral {
    /// A float literal is a REAL.
    public init(floatLiteral value: Double) {
        self = .real(value)
    }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// A string literal is TEXT.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    /// `true` and `false` are the INTEGERs 1 and 0, as SQLite stores booleans.
    public init(booleanLiteral value: Bool) {
        self = .integer(value ? 1 : 0)
    }
}
