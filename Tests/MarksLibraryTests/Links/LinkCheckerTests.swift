import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksJobs
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing

/// The broken-link check against a real local site: a 404 and a dead host are broken, a 301 to a page that answers is
/// a move with its hops recorded, HEAD refused falls back to GET, results are kept per URL and fall due after a week,
/// hosts are paced, and the job re-queues itself.
@Suite struct LinkCheckerTests {
    /// A site on loopback; `*.test` names resolve to it, `gone.test` to nothing.
    final class Site: Sendable {
        let directory: TemporaryDirectory
        let database: Database
        let server: LiveServer
        let clock = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let sleeps = Locked<[Duration]>([])

        init() throws {
            directory = try TemporaryDirectory(prefix: "marks-links")
            database = try Database(path: directory.file("marks.sqlite").path)
            server = try LiveServer { request, _ in
                let html: HTTPHeaders = ["Content-Type": "text/html"]
                switch request.path {
                case "/ok", "/new": return HTTPResponse(status: 200, headers: html, body: .bytes(Data("<p>here</p>".utf8)))
                case "/old": return HTTPResponse(status: 301, headers: ["Location": "/new"], body: .bytes(Data()))
                case "/for-now": return HTTPResponse(status: 302, headers: ["Location": "/ok"], body: .bytes(Data()))
                case "/no-head":
                    return request.method == .head ? HTTPResponse(status: 405, headers: html, body: .bytes(Data()))
                        : HTTPResponse(status: 200, headers: html, body: .bytes(Data("<p>GET only</p>".utf8)))
                case "/robots-out": return HTTPResponse(status: 403, headers: html, body: .bytes(Data("no".utf8)))
                case "/down": return HTTPResponse(status: 503, headers: html, body: .bytes(Data("busy".utf8)))
                default: return HTTPResponse(status: 404, headers: html, body: .bytes(Data("<p>gone</p>".utf8)))
                }
            }
        }

        deinit { directory.cleanUp() }

        func url(_ path: String, host: String = "a.test") -> String { "http://\(host):\(server.port)\(path)" }

        func checker(pacing: Duration = .zero, parallel: Int = 4, enabled: Bool = true) throws -> LinkChecker {
            let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
            let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), minimumRateWindow: .seconds(30),
                                                          allowInternalAddresses: true, enabled: enabled),
                                      resolve: { host in host.hasSuffix(".test") && host != "gone.test" ? loopback : [] })
            let clock = clock, sleeps = sleeps
            return try LinkChecker(database: database, fetcher: fetcher, now: { clock.withLock { $0 } }, pacing: pacing, parallel: parallel,
                                   sleep: { duration in sleeps.withLock { $0.append(duration) } })
        }

        func advance(_ seconds: TimeInterval) { clock.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    /// A loopback port nothing listens on (bound, then closed).
    static func closedPort() async throws -> Int {
        let server = try LiveServer { _, _ in HTTPResponse(status: 200, headers: [:], body: .bytes(Data())) }
        let port = server.port
        await server.stop()
        return port
    }

    @Test func a404AndADeadHostAreBrokenAndA301IsAMove() async throws {
        let site = try Site()
        let checker = try site.checker()
        let refused = "http://a.test:\(try await Self.closedPort())/page"
        let urls = [site.url("/ok"), site.url("/missing"), site.url("/old"), site.url("/x", host: "gone.test"), refused,
                    site.url("/for-now"), site.url("/no-head"), site.url("/robots-out"), site.url("/down")]
        let results = Dictionary(uniqueKeysWithValues: try await checker.check(urls).map { ($0.url, $0) })
        #expect(results.count == urls.count)
        #expect(results[site.url("/ok")]?.status == .ok)
        #expect(results[site.url("/ok")]?.httpStatus == 200)
        #expect(results[site.url("/missing")]?.status == .broken(reason: "HTTP 404 Not Found"))
        #expect(results[site.url("/old")]?.status == .moved(to: site.url("/new")))
        #expect(results[site.url("/old")]?.finalURL == site.url("/new"))
        #expect(results[site.url("/x", host: "gone.test")]?.status == .broken(reason: "dead host: gone.test does not resolve"))
        #expect(results[refused]?.status.kind == .broken, "\(String(describing: results[refused]))")
        #expect(results[refused]?.httpStatus == nil)
        #expect(results[site.url("/for-now")]?.status == .ok, "a temporary redirect is fine")
        #expect(results[site.url("/no-head")]?.status == .ok, "HEAD refused, GET answers")
        #expect(results[site.url("/robots-out")]?.status.kind == .unknown)
        #expect(results[site.url("/down")]?.status == .broken(reason: "HTTP 503 server error"))
        let methods = site.server.requests.filter { $0.path == "/no-head" }.map(\.method)
        #expect(methods == ["HEAD", "GET"])
        #expect(site.server.requests.filter { $0.path == "/ok" }.map(\.method) == ["HEAD", "HEAD"],
                "a page that answers HEAD is not fetched (asked directly and at the end of /for-now's redirect)")

        // Kept per URL, in marks.sqlite, for any reader of it.
        let again = try site.checker()
        #expect(try again.result(url: site.url("/missing"))?.status.kind == .broken)
        #expect(try again.brokenURLs() == [site.url("/missing"), site.url("/x", host: "gone.test"), refused, site.url("/down")])
    }

    @Test func theFetcherRecordsEachRedirectHop() async throws {
        let site = try Site()
        let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
        // The checker's generous limits: the default 10 s deadline measured the machine's load in a busy parallel run.
        let pages = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), minimumRateWindow: .seconds(30),
                                                    allowInternalAddresses: true), resolve: { _ in loopback })
        let page = try await pages.fetch(try #require(URL(string: site.url("/old"))), method: "HEAD")
        #expect(page.status == 200)
        #expect(page.redirects == [RedirectHop(status: 301, location: "/new")])
        #expect(page.body.isEmpty, "HEAD has no body")
    }

    @Test func checksFallDueAfterAWeek() async throws {
        let site = try Site()
        let checker = try site.checker()
        let urls = [site.url("/ok"), site.url("/missing")]
        try await checker.check(urls)
        #expect(try checker.due(among: urls + [site.url("/new")]) == [site.url("/new")])
        #expect(try checker.due(among: urls, all: true) == urls)
        site.advance(LinkChecker.recheckAfter)
        #expect(try checker.due(among: urls) == urls)
        #expect(try checker.nextDue() == Date(timeIntervalSince1970: 1_800_000_000 + LinkChecker.recheckAfter))
    }

    @Test func checksOfOneHostStartAPacingApart() async throws {
        let site = try Site()
        let checker = try site.checker(pacing: .seconds(60), parallel: 1)
        try await checker.check([site.url("/ok"), site.url("/new"), site.url("/ok", host: "b.test")])
        let sleeps = site.sleeps.withLock { $0 }
        #expect(sleeps.count == 1, "only the second link of a.test waits; b.test goes at once")
        #expect(sleeps.allSatisfy { $0 > .seconds(30) && $0 <= .seconds(60) })
    }

    @Test func aMachineThatReachesNoSiteMarksNothingBroken() async throws {
        let site = try Site()
        let checker = try site.checker(parallel: 1)
        let gone = (1...20).map { "http://site\($0).example/page" }
        await #expect(throws: FetchError.offline(unresolvedSites: PageArchive.offlineAfter)) { try await checker.check(gone) }
        #expect(try checker.brokenURLs().isEmpty, "offline is not a library of dead links")
    }

    @Test func withFetchingOffNothingIsChecked() async throws {
        let site = try Site()
        let checker = try site.checker(enabled: false)
        await #expect(throws: FetchError.disabled) { try await checker.check([site.url("/ok")]) }
        #expect(site.server.requests.isEmpty)
    }

    @Test func theJobChecksABoundedRunAndQueuesTheNext() async throws {
        let site = try Site()
        let checker = try site.checker()
        let runner = JobRunner(store: try JobStore(database: site.database), log: { _ in })
        let queued = Locked<[JobRequest]>([])
        let urls = [site.url("/ok"), site.url("/missing"), site.url("/old")]
        await runner.register(checker.jobKind(urls: { urls }, limit: 2, enqueue: { request in queued.withLock { $0.append(request) } }))
        let first = try await runner.run(id: try await runner.enqueue(LinkChecker.sweepJob).id)
        #expect(first?.state == .done)
        #expect(try checker.results(urls: urls).count == 2)
        #expect(queued.withLock { $0 }.last?.runAfter == nil, "more are due: the next run goes at once")
        let second = try await runner.run(id: try await runner.enqueue(LinkChecker.sweepJob).id)
        #expect(second?.state == .done)
        #expect(try checker.results(urls: urls).count == 3)
        let later = try #require(queued.withLock { $0 }.last?.runAfter)
        #expect(later == Date(timeIntervalSince1970: 1_800_000_000 + LinkChecker.recheckAfter), "then when the oldest check falls due")
    }
}
