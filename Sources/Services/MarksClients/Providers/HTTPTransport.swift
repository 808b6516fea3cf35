import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the provider clients and `BackendClient` reach the network: one `@Sendable` closure, so tests can
/// answer in memory or point it at a local stand-in server.
public struct HTTPTransport: Sendable {
    /// Sends a request and returns the body and HTTP response, or throws (a `URLError` for network failures).
    public var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    /// A transport from a send closure.
    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
        self.send = send
    }

    /// The default: one process-wide ephemeral URLSession that does not follow redirects (a key must not
    /// travel to another host, and a redirected POST loses its body).
    public static let urlSession = HTTPTransport.urlSession(
        URLSession(configuration: .ephemeral, delegate: RedirectRefusingDelegate(), delegateQueue: nil))

    /// A transport over a given URLSession.
    public static func urlSession(_ session: URLSession) -> HTTPTransport {
        HTTPTransport { request in
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return (data, http)
        }
    }
}

/// A session delegate that refuses every redirect, so the 3xx answer itself is returned.
private final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
