import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How `LinkdingClient` reaches the network: one `@Sendable` closure, so tests can answer requests in memory.
public struct LinkdingTransport: Sendable {
    /// Sends a request and returns the body and HTTP response, or throws (a `URLError` for network failures).
    public var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    /// A transport from a send closure.
    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
        self.send = send
    }

    /// The default: one process-wide URLSession that does not follow redirects (a redirected POST loses its
    /// body, and the token must not travel to another host), so a 3xx reaches the client as an answer.
    public static let urlSession = LinkdingTransport.urlSession(
        URLSession(configuration: .ephemeral, delegate: RedirectRefusal(), delegateQueue: nil)
    )

    /// A transport over a given URLSession.
    public static func urlSession(_ session: URLSession) -> LinkdingTransport {
        LinkdingTransport { request in
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return (data, http)
        }
    }
}

/// A session delegate that refuses every redirect, so the 3xx answer itself is returned.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
