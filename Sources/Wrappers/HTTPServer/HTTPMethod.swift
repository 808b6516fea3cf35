/// An HTTP request method, as sent by the client (methods are case-sensitive tokens).
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method token, e.g. "GET".
    public let rawValue: String

    /// Wraps a method token.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a method token.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Wraps a method token written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// GET
    public static let get = HTTPMethod("GET")
    /// HEAD
    public static let head = HTTPMethod("HEAD")
    /// POST
    public static let post = HTTPMethod("POST")
    /// PUT
    public static let put = HTTPMethod("PUT")
    /// PATCH
    public static let patch = HTTPMethod("PATCH")
    /// DELETE
    public static let delete = HTTPMethod("DELETE")
    /// OPTIONS
    public static let options = HTTPMethod("OPTIONS")
}
