import MarksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import MarksAssembly
import MarksAppAPI
import MarksClients
import MarksCore
import MarksEngine
import MarksBookmarks
import MarksServer
import Synchronization
import SystemSupport

/// A `marks serve` app with the backend on a fresh data directory (real SQLite), built by the composition root as
/// `marks serve` builds it, with a hand-moved clock and a small deterministic embedder (the engine override); requests
/// go through the router (no sockets) or a live server on port 0.
struct AppAPIFixture {
    let directory: URL
    let data: LocalData
    let clock: ManualClock
    let api: AppAPI
    let router: Router
    let errors: ErrorLog

    init(config: MarksConfig = MarksConfig(), limits: AppAPILimits = AppAPILimits(), environment: [String: String] = [:],
         embedder: any TextEmbedder = TestEmbedder(), providerTransport: HTTPTransport = .live, workers: WorkerPool = .compute) throws {
        directory = TemporaryDirectory.reserve(prefix: "marks-server-backend")
        let clock = ManualClock()
        self.clock = clock
        let engine = try ConfiguredEngine(config: config, environment: environment, embedder: embedder, limits: limits.engine,
                                          transport: providerTransport, workers: workers)
        let root = CompositionRoot(settings: Settings(dataDirectory: directory, config: config),
                                   context: ProcessContext(environment: environment, now: { clock.now() }),
                                   overrides: CompositionRoot.Overrides(engine: engine, backendLimits: limits))
        data = try root.data()
        api = try root.backendAPI(exposed: false)
        let errors = ErrorLog()
        self.errors = errors
        router = MarksApp(context: MarksApp.Context(version: "test", logError: { errors.append($0) }, backend: api)).router
    }

    func remove() {
        do { try FileManager.default.removeItem(at: directory) } catch {}
    }

    /// Answers one request through the router.
    func send(_ path: String, method: HTTPMethod = .post, json: String? = nil, token: String? = nil,
              headers: [(String, String)] = [], from address: String = "127.0.0.1") async throws -> Reply {
        var all = HTTPHeaders(headers)
        if let token { all.add("Authorization", "Bearer \(token)") }
        let request = try HTTPRequest(method: method, target: path, headers: all, body: Data((json ?? "").utf8), remoteAddress: address)
        let response = try await router.respond(to: request)
        guard case .bytes(let body) = response.body else { return Reply(status: response.status, headers: response.headers, body: Data()) }
        return Reply(status: response.status, headers: response.headers, body: body)
    }

    /// Registers a device and returns its token: with the owner's credential (a pairing code) unless `owner` is false
    /// (then as an anonymous device from this machine).
    func register(_ deviceID: String = "device-1", owner: Bool = true, from address: String = "127.0.0.1") async throws -> String {
        var headers = [("Content-Type", "application/json")]
        if owner { headers.append(("X-Marks-Pairing-Code", try api.pairing.issue().code)) }
        let reply = try await send("/v1/auth/register", json: #"{"device_id":"\#(deviceID)","platform":"test","app_version":"1"}"#,
                                   headers: headers, from: address)
        guard reply.status == 200, let token = reply.object?["token"] as? String else {
            throw FixtureError(description: "registration failed: \(reply.status) \(reply.text)")
        }
        return token
    }

    /// The stored analytics events.
    func storedEvents() throws -> [AnalyticsStore.StoredEvent] {
        try AnalyticsStore(database: data.database, now: clock.now).events()
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
}

/// A response as the tests read it.
struct Reply {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var object: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] // safe: nil fails the expectation that reads it
    }
    var error: String? { object?["error"] as? String }
}

/// Unexpected errors the app logged.
final class ErrorLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}



/// An embedder whose model is missing.
struct MissingModelEmbedder: TextEmbedder {
    struct NotInstalled: Error, CustomStringConvertible {
        var description: String { "all-MiniLM-L6-v2 is not installed" }
    }

    let dimension = 64
    func embed(_ texts: [String]) throws -> [[Float]] { throw NotInstalled() }
}


/// A URLSession request to a live server.
func post(_ url: URL, json: String, headers: [String: String] = [:], session: URLSession) async throws -> Reply {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data(json.utf8)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    var replyHeaders = HTTPHeaders()
    for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { replyHeaders.add(name, value) }
    }
    return Reply(status: http.statusCode, headers: replyHeaders, body: data)
}

/// Unpadded base64url of a string's UTF-8 bytes (for forged tokens).
func base64URL(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
