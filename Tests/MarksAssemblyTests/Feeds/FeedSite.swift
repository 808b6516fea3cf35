import Foundation
import HTTPServer
import MarksAssembly
import MarksBookmarks
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import Synchronization

/// Feeds served on loopback (`*.test` names resolve to it) and a composition root over a temporary data directory,
/// built as every process builds it; `restart()` builds a new root over the same directory, as a new process would.
final class FeedSite: Sendable {
    struct Page: Sendable {
        var status = 200
        var contentType = "application/rss+xml; charset=utf-8"
        var body: String
        var etag: String?
        var headers: [String: String] = [:]
    }

    let directory: TemporaryDirectory
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
    let server: LiveServer
    /// The pages served, by path.
    final class Pages: Sendable {
        let state = Mutex<[String: Page]>([:])
    }

    private let pages = Pages()
    private let rootState: Mutex<CompositionRoot?> = Mutex(nil)
    static let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []

    init() throws {
        directory = try TemporaryDirectory(prefix: "marks-feeds")
        let pages = self.pages
        server = try LiveServer(configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1))) { request, _ in
            guard let page = pages.state.withLock({ $0[request.path] }) else {
                return HTTPResponse(status: 404, headers: ["Content-Type": "text/html"], body: .bytes(Data("<p>no</p>".utf8)))
            }
            var headers: HTTPHeaders = ["Content-Type": page.contentType]
            for (name, value) in page.headers { headers.add(name, value) }
            if let etag = page.etag {
                headers.add("ETag", etag)
                if request.headers["If-None-Match"] == etag { return HTTPResponse(status: 304, headers: ["ETag": etag], body: .bytes(Data())) }
            }
            return HTTPResponse(status: page.status, headers: headers, body: .bytes(Data(page.body.utf8)))
        }
        rootState.withLock { $0 = makeRoot() }
    }

    deinit { directory.cleanUp() }

    var base: String { "http://blog.test:\(server.port)" }
    func url(_ path: String) -> String { base + path }

    func serve(_ path: String, _ page: Page) { pages.state.withLock { $0[path] = page } }

    var root: CompositionRoot { rootState.withLock { $0! } }

    /// A new composition root over the same data directory (a restart).
    func restart() { rootState.withLock { $0 = makeRoot() } }

    /// A fetcher that may reach loopback, with `*.test` names resolving there.
    static func loopbackFetcher() -> PageFetcher {
        PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), minimumRateWindow: .seconds(30),
                                        allowInternalAddresses: true, enabled: true),
                    resolve: { host in host.hasSuffix(".test") ? loopback : [] })
    }

    private func makeRoot() -> CompositionRoot {
        var overrides = CompositionRoot.Overrides(fetcher: Self.loopbackFetcher())
        overrides.metadata = { BookmarkCheck.Metadata(url: $0) }
        return CompositionRoot(settings: Settings(dataDirectory: directory.url), context: ProcessContext(environment: [:], now: clock.now),
                               overrides: overrides)
    }

    /// Every bookmarked URL of the library.
    func bookmarkedURLs() throws -> [String] {
        try root.library().cache?.urls(archived: nil) ?? []
    }

    /// The bookmark saved for `url`.
    func bookmark(_ url: String) async throws -> Bookmark? {
        try await root.library().check(url: url).bookmark
    }

    /// `date` as RSS writes it.
    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }
}
