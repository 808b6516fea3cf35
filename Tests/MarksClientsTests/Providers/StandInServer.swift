import Foundation
import HTTPServer
import MarksClients
import Synchronization

/// A local HTTP server on port 0 standing in for a remote API: it records every request and answers each
/// with `reply(request, index)` (index counts requests from 0).
final class StandInServer: Sendable {
    struct Recorded: Sendable {
        let method: String
        let path: String
        let headers: HTTPHeaders
        let body: Data

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] // safe: a test helper; nil fails the expectation that uses it
        }
    }

    private final class Recorder: Sendable {
        let list = Mutex<[Recorded]>([])
    }

    private let recorder = Recorder()
    private let server: HTTPServer
    let port: Int

    init(reply: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse) throws {
        let recorder = self.recorder
        server = HTTPServer(responder: ResponderFunction { request in
            let index = recorder.list.withLock { list -> Int in
                list.append(Recorded(method: request.method.rawValue, path: request.path, headers: request.headers, body: request.body))
                return list.count - 1
            }
            return try await reply(request, index)
        })
        port = try server.start()
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! } // safe: a fixed, valid URL
    var requests: [Recorded] { recorder.list.withLock { $0 } }

    func stop() async { await server.stop() }
}

/// Runs `body` against a stand-in server and the live transport; always stops the server.
func withStandIn<T>(
    _ reply: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse,
    _ body: (StandInServer, HTTPTransport) async throws -> T
) async throws -> T {
    let server = try StandInServer(reply: reply)
    do {
        let result = try await body(server, HTTPTransport.live)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A port nothing listens on (a server was bound there and stopped).
func closedPort() async throws -> Int {
    let server = HTTPServer(responder: ResponderFunction { _ in HTTPResponse() })
    let port = try server.start()
    await server.stop()
    return port
}

/// The injected sleep: records every wait it is asked for and returns at once, except waits of
/// `deadline` length (request timeouts), which park until cancelled — or return at once when
/// `expireDeadlines` is set, so a test makes a request time out without waiting.
final class Sleeper: Sendable {
    private let waits = Mutex<[Duration]>([])
    let deadline: Duration
    let expireDeadlines: Bool

    init(deadline: Duration, expireDeadlines: Bool = false) {
        self.deadline = deadline
        self.expireDeadlines = expireDeadlines
    }

    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in
            if duration == deadline {
                if expireDeadlines { return }
                try await Task.sleep(for: .seconds(86_400))  // parked: the request finishes first and cancels this
                return
            }
            waits.withLock { $0.append(duration) }
            try Task.checkCancellation()
        }
    }

    /// The waits other than request deadlines, in order.
    var recorded: [Duration] { waits.withLock { $0 } }
}

/// A one-shot gate: `wait()` suspends until `open()`.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

extension HTTPResponse {
    /// A JSON response from text.
    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse.json(data: Data(text.utf8), status: status)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}
