import Foundation

/// One HTTP request as a responder sees it: decoded path and query, headers, cookies and the full body.
public struct HTTPRequest: Sendable {
    /// The method, as sent.
    public var method: HTTPMethod
    /// The percent-decoded path, e.g. `/api/tags/café/`.
    public private(set) var path: String
    /// The path as sent, still percent-encoded.
    public private(set) var rawPath: String
    /// The query string as sent (without `?`), still encoded.
    public private(set) var rawQuery: String
    /// The decoded query parameters.
    public var query: QueryParameters
    /// The request headers.
    public var headers: HTTPHeaders
    /// Cookies from the `Cookie` header (the first value wins when a name repeats).
    public var cookies: [String: String]
    /// The request body (empty when none was sent, and when a body stream took it).
    public var body: Data
    /// What the responder's `HTTPBodyStream` made of the body, when one took it (`HTTPResponder.bodyStream(for:)`).
    public var streamedBody: (any Sendable)?
    /// The client's numeric IP address.
    public var remoteAddress: String
    /// Values captured by the router from `:name` and `*name` pattern segments.
    public var pathParameters: [String: String] = [:]
    /// Decoded path segments (a `%2F` inside a segment stays inside it); used by the router.
    let pathSegments: [String]

    /// Builds a request from a request target such as `/api/bookmarks/?q=swift`.
    /// Throws an `HTTPError` 400 when the path is not an absolute path, has an invalid `%` escape,
    /// decodes to a NUL byte or to invalid UTF-8.
    public init(
        method: HTTPMethod,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(),
        remoteAddress: String = "127.0.0.1"
    ) throws(HTTPError) {
        let (rawPath, rawQuery) = Self.split(target: target)
        guard rawPath.hasPrefix("/") else {
            throw HTTPError(400, "The request path must start with \"/\".")
        }
        var segments: [String] = []
        for raw in rawPath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            guard let segment = PercentDecoding.strictPathComponent(Substring(raw)) else {
                throw HTTPError(400, "The request path has an invalid percent-encoding.")
            }
            segments.append(segment)
        }
        self.method = method
        self.rawPath = String(rawPath)
        self.rawQuery = String(rawQuery)
        self.path = "/" + segments.joined(separator: "/")
        self.pathSegments = segments
        self.query = QueryParameters(encoded: rawQuery)
        self.headers = headers
        self.cookies = Self.parseCookies(headers.values("Cookie"))
        self.body = body
        self.streamedBody = nil
        self.remoteAddress = remoteAddress
    }

    /// Splits `path?query`, dropping a fragment and the scheme and authority of an absolute-form target.
    private static func split(target: String) -> (Substring, Substring) {
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if !rest.hasPrefix("/"), let scheme = rest.range(of: "://") {
            let afterAuthority = rest[scheme.upperBound...]
            rest = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? "/"
        }
        guard let question = rest.firstIndex(of: "?") else { return (rest, "") }
        return (rest[..<question], rest[rest.index(after: question)...])
    }

    /// Parses `a=1; b="two"` pairs from every Cookie header; values are not decoded.
    static func parseCookies(_ headerValues: [String]) -> [String: String] {
        var cookies: [String: String] = [:]
        for header in headerValues {
            for piece in header.split(separator: ";") {
                guard let equals = piece.firstIndex(of: "=") else { continue }
                let name = piece[..<equals].trimmingCharacters(in: .whitespaces)
                var value = piece[piece.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
            }
        }
        return cookies
    }
}
