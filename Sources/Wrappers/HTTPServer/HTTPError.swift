/// An error that knows the HTTP response it stands for. Conform a module's own errors to it
/// so the router renders them with their status instead of a 500.
public protocol HTTPResponseError: Error {
    /// The HTTP status code, e.g. 404.
    var status: Int { get }
    /// A message safe to show to the client.
    var message: String { get }
    /// Extra response headers (e.g. `WWW-Authenticate`, `Allow`).
    var headers: HTTPHeaders { get }
}

extension HTTPResponseError {
    /// No extra headers by default.
    public var headers: HTTPHeaders { HTTPHeaders() }
}

/// A plain HTTP error: status, client-facing message and optional headers.
public struct HTTPError: HTTPResponseError, Equatable, CustomStringConvertible {
    public let status: Int
    public let message: String
    public let headers: HTTPHeaders

    /// An error with `status` and a message (the status's reason phrase when nil).
    public init(_ status: Int, _ message: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message ?? HTTPStatus.reasonPhrase(status)
        self.headers = headers
    }

    public var description: String { "HTTP \(status): \(message)" }
}
