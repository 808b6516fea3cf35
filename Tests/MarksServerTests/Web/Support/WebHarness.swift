import Foundation
import HTTPServer
import MarksAssembly
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksPodcasts
import MarksTestSupport
import MarksReading
import MarksShare
@testable import MarksServer

/// A web app over an in-memory source in its own temp dir, driven through the responder seam. The data directory,
/// the library, the owner's sign-in, the web options, the job runner and the imports come from the composition root,
/// as `marks serve` builds them, on the real clock; the source switch and what `configure` adds are the test's.
struct WebHarness {
    /// A fixed time for what a test builds beside the harness (`WebTrashTests`' second library and sign-in). The root
    /// itself runs on the real clock, as `marks serve` does (its job runner and podcasts time their work by it; on a
    /// frozen one `PodcastBrowserTests` timed out waiting for an episode to be made and play).
    static let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_750_000_000) }

    let directory: URL
    let source: RecordingSource
    let library: LibraryService
    let auth: OwnerAuth
    let app: WebApp
    let configStore: ConfigStore
    /// The job runner over the harness's database (not started: tests run it with `runUntilIdle()`). The
    /// `library.import` kind is registered on it, as `marks serve` does.
    let jobs: JobRunner
    /// Where the share flow queues podcast requests (with `sharePodcasts`).
    var sharePodcasts: PodcastRequests? = nil

    /// A harness with `seed` bookmarks; `verify` stands in for `LinkdingClient.verifyConnection()`.
    static func make(seed: Int = 0, cached: Bool = true, options: WebOptions = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
                     prepare: (RecordingSource) async throws -> Void = { _ in },
                     verify: @escaping @Sendable (ServerConfig) async throws -> ServerHealth = { _ in ServerHealth(version: "1.31.0", status: "healthy") },
                     reader: (@Sendable (String) async throws -> ReadableArticle)? = nil,
                     enrichment: ((LibraryService) -> EnrichmentService)? = nil,
                     sharePodcasts: Bool = false,
                     makeLibrary: (@Sendable (ServerConfig?) throws -> LibraryService)? = nil,
                     configure: ((LibraryService, WidgetDataStore, inout WebOptions) throws -> Void)? = nil) async throws -> WebHarness {
        let directory = try TemporaryDirectory(prefix: "marks-web").url
        // As `marks serve` composes it: the data dir's database holds the embedded store and the library's cache (the
        // store on a stepping clock, everything else on the real one).
        let local = try LocalData(paths: MarksPaths(environment: [:], dataDirectory: directory.path, currentDirectory: "/"),
                                  now: RecordingSource.steppingClock())
        let source = RecordingSource(store: local.store)
        let root = CompositionRoot(settings: Settings(dataDirectory: directory), context: ProcessContext(environment: [:], now: { Date() }),
                                   overrides: CompositionRoot.Overrides(data: local, source: source, jobSettings: JobRunnerSettings()))
        try await source.seed(seed)
        try await prepare(source)
        let widgets = root.widgets
        // The library without the index observer (the web tests read the store, not the index); `cached: false` runs
        // straight to the source.
        let library = cached ? try root.libraryWithoutIndex() : try root.makeLibrary(over: source, cache: nil, observers: [])
        let auth = try root.ownerAuth()
        let configStore = root.settings.store
        let settings = WebSettings(configStore: configStore, verify: verify, activeServer: nil)
        var options = try root.webOptions(tuning: options, log: options.log)
        let jobs = try root.jobs(), imports = try root.importJobs()  // the ones the options hold
        if let enrichment {
            let service = enrichment(library)
            options.enrichment = service
            for kind in service.jobKinds() { await jobs.register(kind) }
        }
        try configure?(library, widgets, &options)
        let podcasts = sharePodcasts ? try root.podcastRequests() : nil
        if let podcasts { options.share = ShareService(library: library, podcasts: podcasts, autoPodcastTags: []) }
        // `makeLibrary` stands in for the composition root's build of a new source (its library only).
        var build: (@Sendable (ServerConfig?) throws -> ServedSource)?
        if let makeLibrary {
            build = { server in ServedSource(server: server, library: try makeLibrary(server)) }
        }
        let sources = SourceSwitch(ServedSource(server: nil, library: library, enrichment: options.enrichment, share: options.share),
                                   build: build)
        let app = WebApp(sources: sources, auth: auth, settings: settings, widgets: widgets, reader: reader, options: options)
        await jobs.register(imports.jobKind(library: { sources.current.library }, describe: { app.message(for: $0) },
                                            otherFormat: try root.marksExportImport()))
        return WebHarness(directory: directory, source: source, library: library, auth: auth, app: app, configStore: configStore,
                          jobs: jobs, sharePodcasts: podcasts)
    }

    /// Removes the temp dir.
    func cleanUp() {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            // A temp dir left behind does not fail a test.
        }
    }

    /// A client with no session.
    func anonymous() -> WebClient {
        WebClient(app: app)
    }

    /// A client signed in through a one-time link.
    func signedIn() async throws -> WebClient {
        var client = WebClient(app: app)
        let link = try auth.signInLink(baseURL: "http://127.0.0.1:8080")
        let response = try await client.get(String(link.dropFirst("http://127.0.0.1:8080".count)))
        guard response.status == 303, client.cookies[OwnerAuth.cookieName] != nil else {
            throw WebClient.Failure(description: "sign-in failed with \(response.status)")
        }
        try await client.refreshCSRF()
        return client
    }
}

/// A tiny browser for the responder seam: keeps cookies, knows the CSRF token, sends same-origin forms.
struct WebClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let app: WebApp
    var cookies: [String: String] = [:]
    var csrf = ""
    var host = "127.0.0.1:8080"

    init(app: WebApp) {
        self.app = app
    }

    mutating func get(_ target: String, headers: [(String, String)] = []) async throws -> HTTPResponse {
        try await send(.get, target, headers: headers, body: Data())
    }

    /// A same-origin form POST carrying the CSRF token (unless `csrf` is given, or nil to leave it out).
    mutating func post(_ target: String, _ fields: [(String, String)] = [], csrf token: String?? = .none,
                       headers: [(String, String)] = [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin")]) async throws -> HTTPResponse {
        var all = fields
        switch token {
        case .none: all.append(("_csrf", csrf))
        case .some(.some(let value)): all.append(("_csrf", value))
        case .some(.none): break
        }
        let body = QueryParameters(all).encoded
        return try await send(.post, target, headers: headers + [("Content-Type", "application/x-www-form-urlencoded")], body: Data(body.utf8))
    }

    mutating func send(_ method: HTTPMethod, _ target: String, headers: [(String, String)], body: Data) async throws -> HTTPResponse {
        var all = HTTPHeaders(headers)
        all["Host"] = host
        if !cookies.isEmpty { all["Cookie"] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        let request = try HTTPRequest(method: method, target: target, headers: all, body: body)
        return keepCookies(try await app.respond(to: request))
    }

    /// Sends a body the way the server does when the app offers a body stream for the request (an upload): the head
    /// goes to `app.bodyStream(for:)`, the body to the stream in `chunk`-byte pieces, and its result rides along as
    /// `streamedBody`; without a stream the body is buffered as usual.
    mutating func sendStreaming(_ method: HTTPMethod, _ target: String, headers: [(String, String)], body: Data,
                                chunk: Int = 7 * 1024) async throws -> HTTPResponse {
        var all = HTTPHeaders(headers)
        all["Host"] = host
        if !cookies.isEmpty { all["Cookie"] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        var request = try HTTPRequest(method: method, target: target, headers: all)
        if let stream = app.bodyStream(for: request) {
            var offset = 0
            while offset < body.count {
                let end = min(body.count, offset + chunk)
                let more = body[offset..<end].withUnsafeBytes { stream.write($0) }
                guard more else {
                    stream.cancel()
                    throw Failure(description: "the stream closed the connection after \(end) bytes")
                }
                offset = end
            }
            request.streamedBody = stream.finish()
        } else {
            request.body = body
        }
        return keepCookies(try await app.respond(to: request))
    }

    private mutating func keepCookies(_ response: HTTPResponse) -> HTTPResponse {
        for value in response.headers.values("Set-Cookie") {
            let pair = value.split(separator: ";")[0]
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]), cookie = parts.count > 1 ? String(parts[1]) : ""
            if value.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = cookie }
        }
        return response
    }

    /// Reads the CSRF token from the list page's meta tag.
    mutating func refreshCSRF() async throws {
        let page = Self.text(try await get("/settings"))
        guard let range = page.range(of: #"name="csrf-token" content="([^"]+)""#, options: .regularExpression) else {
            throw Failure(description: "no CSRF token on the page")
        }
        csrf = String(page[range].split(separator: "\"")[3])
    }

    static func text(_ response: HTTPResponse) -> String {
        switch response.body {
        case .bytes(let data): String(decoding: data, as: UTF8.self)
        default: ""
        }
    }
}
