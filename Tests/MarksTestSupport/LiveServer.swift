import Foundation
import HTTPServer
import Synchronization

/// The one live-server helper of the tests: the project's HTTP server on 127.0.0.1, port 0, around a responder
/// (an app's router, a route table, or a closure standing in for a remote API). It records every request it
/// answers, unless made with `serving:` (the responder as it is, for tests of the server itself); `withLiveServer`
/// runs a body against one and always stops it.
public final class LiveServer: Sendable {
    /// A request as the server saw it.
    public struct Recorded: Sendable {
        public let method: String
        public let path: String
        public let query: String?
        public let headers: HTTPHeaders
        public let body: Data

        /// The body as a JSON object, or nil.
        public var json: [String: Any]? {
            do {
                return try JSONSerialization.jsonObject(with: body) as? [String: Any]
            } catch {
                return nil // not JSON: the expectation that reads it fails
            }
        }
    }

    /// The server itself (for tests that look at its state or stop it themselves).
    public let server: HTTPServer
    /// The port it listens on.
    public let port: Int

    /// Starts a server around `responder`.
    /// The responder's body streams, body limits and refusals apply as they would in `marks serve`.
    public convenience init(_ responder: any HTTPResponder, configuration: HTTPServer.Configuration = HTTPServer.Configuration()) throws {
        try self.init(configuration: configuration, inner: responder) { request, _ in try await responder.respond(to: request) }
    }

    /// Starts a server around `responder` as it is, recording nothing.
    public init(serving responder: any HTTPResponder, configuration: HTTPServer.Configuration = HTTPServer.Configuration()) throws {
        server = HTTPServer(configuration: configuration, responder: responder)
        port = try server.start()
        log = Log()
    }

    /// Starts a server answering request number `index` (from 0) with `reply(request, index)`.
    public convenience init(configuration: HTTPServer.Configuration = HTTPServer.Configuration(),
                            reply: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse) throws {
        try self.init(configuration: configuration, inner: nil, reply: reply)
    }

    private init(configuration: HTTPServer.Configuration, inner: (any HTTPResponder)?,
                 reply: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse) throws {
        let log = Log()
        server = HTTPServer(configuration: configuration, responder: Recording(inner: inner) { request in
            let index = log.append(Recorded(method: request.method.rawValue, path: request.path, query: request.rawQuery.isEmpty ? nil : request.rawQuery,
                                            headers: request.headers, body: request.body))
            return try await reply(request, index)
        })
        port = try server.start()
        self.log = log
    }

    private let log: Log

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { preconditionFailure("a loopback URL always parses") }
        return url
    }

    /// The requests answered so far, in order.
    public var requests: [Recorded] { log.all }

    /// Stops the server.
    public func stop() async { await server.stop() }

    /// Records each request, and forwards the head-time questions to the wrapped responder.
    private struct Recording: HTTPResponder {
        let inner: (any HTTPResponder)?
        let answer: @Sendable (HTTPRequest) async throws -> HTTPResponse

        func respond(to request: HTTPRequest) async throws -> HTTPResponse { try await answer(request) }
        func bodyStream(for head: HTTPRequest) -> (any HTTPBodyStream)? { inner?.bodyStream(for: head) }
        func bodyLimit(for head: HTTPRequest) -> Int? { inner?.bodyLimit(for: head) }
        func refusal(_ error: HTTPError, for head: HTTPRequest) -> HTTPResponse {
            inner?.refusal(error, for: head) ?? ErrorRenderer.automatic.response(for: error, request: head)
        }
    }

    private final class Log: Sendable {
        private let entries = Mutex<[Recorded]>([])
        func append(_ entry: Recorded) -> Int { entries.withLock { $0.append(entry); return $0.count - 1 } }
        var all: [Recorded] { entries.withLock { $0 } }
    }
}

/// Runs `body` against a fresh server around `responder` (port 0, nothing recorded) and always stops it.
public func withLiveServer<T>(_ configuration: HTTPServer.Configuration = HTTPServer.Configuration(), responder: any HTTPResponder,
                              _ body: (HTTPServer, Int) async throws -> T) async throws -> T {
    let live = try LiveServer(serving: responder, configuration: configuration)
    do {
        let result = try await body(live.server, live.port)
        await live.stop()
        return result
    } catch {
        await live.stop()
        throw error
    }
}
