import SystemSupport

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
    /// The HTTP status code.
    public let status: Int
    /// A message safe to show to the client.
    public let message: String
    /// Extra response headers.
    public let headers: HTTPHeaders

    /// An error with `status` and a message (the status's reason phrase when nil).
    public init(_ status: Int, _ message: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message ?? HTTPReasonPhrase.of(status)
        self.headers = headers
    }

    public var description: String { "HTTP \(status): \(message)" }
}

extension HTTPError {
    /// The status, message and headers to show for any error: an `HTTPResponseError` as it is,
    /// anything else as a generic 500.
    static func resolving(_ error: any Error) -> HTTPError {
        if let error = error as? HTTPError { return error }
        if let error = error as? any HTTPResponseError {
            return HTTPError(error.status, error.message, headers: error.headers)
        }
        return HTTPError(500, "The server hit an internal error.")
    }
}
