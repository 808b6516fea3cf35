import MarksAccess
import MarksAssembly
import MarksTestSupport
import Foundation
import HTTPServer
import MarksCore
import MarksServer
import MarksStorage
import Synchronization

/// The embedded linkding API over a fresh store in a temp dir, built by the composition root as `marks serve` builds
/// it (with the test's clock and page metadata), mounted alone in `MarksApp`, answered through the router (no sockets);
/// `live` runs the same app on a real port.
final class APIFixture: Sendable {
    /// How a request authenticates.
    enum Auth: Sendable {
        case token, none
        case header(String)
    }

    let directory: TemporaryDirectory
    let store: BookmarkStore
    let tokens: APITokenStore
    let token: String
    let metadata: MetadataStub
    let clock: ManualClock
    let api: LinkdingAPI
    let app: MarksApp
    private let errors = LineLog()

    init(configuration: LinkdingAPI.Configuration = LinkdingAPI.Configuration(fallbackOrigin: "http://fallback.test"),
         metadata: MetadataStub = MetadataStub()) throws {
        directory = try TemporaryDirectory(prefix: "marks-api")
        clock = ManualClock(start: Date(timeIntervalSince1970: 1_767_225_600.001), step: 0.001)  // 2026-01-01T00:00:00Z, then 1 ms per reading
        let clock = self.clock
        let root = CompositionRoot(settings: Settings(dataDirectory: directory.url), context: ProcessContext(environment: [:], now: { clock.now() }),
                                   overrides: CompositionRoot.Overrides(metadata: metadata.closure))
        store = try root.data().store
        tokens = root.apiTokens()
        api = try root.embeddedAPI(configuration: configuration, favicons: nil)
        token = try tokens.token()
        self.metadata = metadata
        let errors = self.errors
        app = MarksApp(context: MarksApp.Context(version: "test", logError: { line in errors.append(line) }, api: api))
    }

    /// Lines the app logged for unexpected errors.
    var loggedErrors: [String] { errors.lines }

    func cleanUp() { directory.cleanUp() }

    /// Sends a request through the app's router.
    func send(_ method: HTTPMethod, _ target: String, body: Data = Data(), contentType: String? = nil,
              headers: [(String, String)] = [], auth: Auth = .token, host: String? = "marks.test:8080") async throws -> APIReply {
        var fields = HTTPHeaders()
        if let host { fields.add("Host", host) }
        switch auth {
        case .token: fields.add("Authorization", "Token \(token)")
        case .none: break
        case .header(let value): fields.add("Authorization", value)
        }
        if let contentType { fields.add("Content-Type", contentType) }
        for (name, value) in headers { fields.add(name, value) }
        let request = try HTTPRequest(method: method, target: target, headers: fields, body: body)
        return APIReply(try await app.router.respond(to: request))
    }

    /// Sends a JSON body.
    func json(_ method: HTTPMethod, _ target: String, _ body: String, auth: Auth = .token) async throws -> APIReply {
        try await send(method, target, body: Data(body.utf8), contentType: "application/json", auth: auth)
    }

    /// Creates a bookmark without scraping and returns its JSON object.
    @discardableResult
    func create(_ body: String) async throws -> [String: Any] {
        let reply = try await json(.post, "/api/bookmarks/?disable_scraping", body)
        guard reply.status == 201 else { throw FixtureFailure("create answered \(reply.status): \(reply.text)") }
        return try reply.object()
    }

    /// How many bookmarks the store holds (archived ones too).
    func bookmarkCount() throws -> Int {
        let active = try store.list(BookmarkListQuery(limit: 1)).count
        let archived = try store.list(BookmarkListQuery(limit: 1, archived: true)).count
        return active + archived
    }
}

/// A response, with helpers to read it.
struct APIReply: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: Data

    init(_ response: HTTPResponse) {
        status = response.status
        headers = response.headers
        switch response.body {
        case .bytes(let data): body = data
        case .empty, .file, .segments, .stream: body = Data()
        }
    }

    init(status: Int, headers: HTTPHeaders, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { headers[name] }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw FixtureFailure("not a JSON object: \(text.prefix(300))")
        }
        return object
    }

    /// The `results` of a page.
    func results() throws -> [[String: Any]] {
        guard let results = try object()["results"] as? [[String: Any]] else { throw FixtureFailure("no results: \(text.prefix(300))") }
        return results
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` against the fixture's app on a real port (127.0.0.1, port 0) and always stops the server.
/// (MarksTestSupport's `withLiveServer`, the one live-server helper.)
func withLiveServer<T>(_ fixture: APIFixture, maxBodySize: Int = 16 * 1024 * 1024,
                       _ body: (Int) async throws -> T) async throws -> T {
    try await withLiveServer(.init(port: 0, maxBodySize: maxBodySize), responder: fixture.app.router) { _, port in try await body(port) }
}

/// Lines written from any thread.
final class LineLog: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) { storage.withLock { $0.append(line) } }

    var lines: [String] { storage.withLock { $0 } }
}
