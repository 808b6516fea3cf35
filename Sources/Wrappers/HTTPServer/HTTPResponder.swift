/// The one seam of the server: anything that turns a request into a response.
/// Routes are tested through it without sockets; `HTTPServer` calls it for every request.
public protocol HTTPResponder: Sendable {
    /// Answers one request. A thrown error becomes a 500 with a generic message (an
    /// `HTTPResponseError` keeps its status); `Router` renders errors itself.
    func respond(to request: HTTPRequest) async throws -> HTTPResponse

    /// A stream to take the body of the request `head` (its body still empty) as it arrives, or nil to have it
    /// buffered whole (the default).
    func bodyStream(for head: HTTPRequest) -> (any HTTPBodyStream)?

    /// The largest body buffered for the request `head` (its body still empty), or nil for the server's
    /// `maxBodySize`; a smaller limit answers 413 as soon as the body passes it, before the rest is read.
    /// Called on a server thread before the body arrives: decide from the head alone, quickly.
    func bodyLimit(for head: HTTPRequest) -> Int?

    /// The response for a request the server refuses itself before the responder runs (a body over its limit, the
    /// server's body budget spent), rendered like the responder's own errors for that path.
    func refusal(_ error: HTTPError, for head: HTTPRequest) -> HTTPResponse
}

extension HTTPResponder {
    /// Bodies are buffered whole.
    public func bodyStream(for head: HTTPRequest) -> (any HTTPBodyStream)? { nil }

    /// The server's limit.
    public func bodyLimit(for head: HTTPRequest) -> Int? { nil }

    /// JSON or HTML by the request's `Accept` header (`ErrorRenderer.automatic`).
    public func refusal(_ error: HTTPError, for head: HTTPRequest) -> HTTPResponse {
        ErrorRenderer.automatic.response(for: error, request: head)
    }
}

/// A responder made from a closure.
public struct ResponderFunction: HTTPResponder {
    private let body: @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Wraps `body`.
    public init(_ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.body = body
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        try await body(request)
    }
}
