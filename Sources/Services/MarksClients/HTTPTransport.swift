import Foundation
import HTTPClient

/// How every client in this module reaches the network — `LinkdingClient`, `AppAPIClient` and the
/// provider clients: one `@Sendable` closure, so tests can answer in memory or point it at a local
/// stand-in. The live transport is the libcurl `HTTPClient`, which never follows redirects (a token or key
/// must not travel to another host, and a redirected POST loses its body), so a 3xx reaches the client as
/// an answer. Network failures arrive as `HTTPClientError`s.
public struct HTTPTransport: Sendable {
    /// Sends a request and returns the answer (any status), or throws (`HTTPClientError`, `CancellationError`).
    public var send: @Sendable (HTTPClientRequest) async throws -> HTTPClientResponse
    /// Sends a request and returns once the answer's headers are in, its body streaming (server-sent events).
    public var stream: @Sendable (HTTPClientRequest) async throws -> HTTPClientStream

    /// A transport from a send closure; streaming sends the request and hands on the whole body as one piece.
    public init(send: @escaping @Sendable (HTTPClientRequest) async throws -> HTTPClientResponse) {
        self.send = send
        stream = { request in HTTPClientStream(try await send(request)) }
    }

    /// A transport from a send and a stream closure.
    public init(send: @escaping @Sendable (HTTPClientRequest) async throws -> HTTPClientResponse,
                stream: @escaping @Sendable (HTTPClientRequest) async throws -> HTTPClientStream) {
        self.send = send
        self.stream = stream
    }

    /// The process-wide live transport over `HTTPClient.shared`.
    public static let live = HTTPTransport.client(.shared)

    /// A transport over a given client.
    public static func client(_ client: HTTPClient) -> HTTPTransport {
        HTTPTransport(send: { request in try await client.send(request) }, stream: { request in try await client.stream(request) })
    }
}
