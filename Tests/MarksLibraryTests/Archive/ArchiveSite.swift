import Foundation
import HTTPServer
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Synchronization

/// A local site for the archive's tests (a real HTTP server on port 0) and an archive over a real `marks.sqlite`,
/// its fetcher resolving the test host names to the server, with a clock the test moves.
final class ArchiveSite: Sendable {
    let directory: TemporaryDirectory
    let database: Database
    let server: LiveServer
    let clock = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    let stored = Locked<[PageArchive.StoredText]>([])
    let sleeps = Locked<[Duration]>([])
    /// The article's body text, changeable between fetches.
    let articleText = Locked("Sourdough needs a lively starter fed twice a day.")

    static let article = """
        <html><head><title>Baking notes</title></head><body><nav><a href="/">Home</a></nav><article>
        <h1>Baking notes</h1><p>%BODY%</p><h2>Proofing</h2><p>Let the dough rise overnight in a cool kitchen until it has doubled.</p>
        <ul><li>Flour</li><li>Water</li></ul></article></body></html>
        """

    init() throws {
        directory = try TemporaryDirectory(prefix: "marks-archive")
        database = try Database(path: directory.file("marks.sqlite").path)
        let text = articleText
        server = try LiveServer { request, _ in
            switch request.path {
            case "/article", "/other":
                let html = Self.article.replacingOccurrences(of: "%BODY%", with: text.withLock { $0 })
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(html.utf8)))
            case "/docs":
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(SphinxArticle.html.utf8)))
            case "/levels":
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(SphinxLevelsPage.html.utf8)))
            case "/flaky":
                return HTTPResponse(status: 503, headers: ["Content-Type": "text/html"], body: .bytes(Data("busy".utf8)))
            case "/file.pdf":
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/pdf"], body: .bytes(Data("%PDF-1.4".utf8)))
            default:
                return HTTPResponse(status: 404, headers: ["Content-Type": "text/html"], body: .bytes(Data("<p>gone</p>".utf8)))
            }
        }
    }

    deinit {
        directory.cleanUp()  // the database's files may still be open: Linux removes them once closed
    }

    /// `http://<host>:<port><path>`; hosts `a.test`, `b.test` (any `*.test`) reach the server.
    func url(_ path: String, host: String = "a.test") -> String { "http://\(host):\(server.port)\(path)" }

    func fetcher(enabled: Bool = true) -> PageFetcher {
        let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
        return PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), minimumRateWindow: .seconds(30),
                                               allowInternalAddresses: true, enabled: enabled),
                           resolve: { host in host.hasSuffix(".test") ? loopback : [] })
    }

    /// An archive over the site; `didStore` hears of stored texts after the site's own record of them.
    func archive(pacing: Duration = .zero, parallel: Int = 4, enabled: Bool = true,
                 didStore: @escaping @Sendable ([PageArchive.StoredText]) async -> Void = { _ in }) throws -> PageArchive {
        let clock = clock, stored = stored, sleeps = sleeps
        return try PageArchive(database: database, fetcher: fetcher(enabled: enabled), now: { clock.withLock { $0 } }, pacing: pacing,
                               parallel: parallel, sleep: { duration in sleeps.withLock { $0.append(duration) } },
                               didStore: { texts in
                                   stored.withLock { $0 += texts }
                                   await didStore(texts)
                               })
    }

    func advance(_ seconds: TimeInterval) {
        clock.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Requests the server answered for `path`.
    func hits(_ path: String) -> Int { server.requests.filter { $0.path == path }.count }
}

/// A value behind a lock that closures can share.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T { try mutex.withLock { try body(&$0) } }
}
