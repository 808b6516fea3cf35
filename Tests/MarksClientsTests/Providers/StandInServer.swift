import MarksTestSupport
import Foundation
import HTTPServer
import MarksClients
import Synchronization

/// The stand-in for a remote API in these tests is the shared `LiveServer` (MarksTestSupport).
typealias StandInServer = LiveServer

/// Runs `body` against a stand-in server and the live transport; always stops the server.
func withStandIn<T>(
    _ reply: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse,
    _ body: (StandInServer, HTTPTransport) async throws -> T
) async throws -> T {
    let server = try LiveServer(reply: reply)
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


extension HTTPResponse {
    /// A JSON response from text.
    static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse.json(data: Data(text.utf8), status: status)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}
