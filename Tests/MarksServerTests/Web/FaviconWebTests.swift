import Foundation
import HTTPServer
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksFetch
import MarksReading
import MarksTestSupport
import Synchronization
import Testing
@testable import MarksServer

/// Favicons: found once per site by the `favicon.fetch` job through the safe fetcher (local stand-in sites on
/// port 0), kept in the database, served by Marks with long cache headers, the monogram when there is none, and a
/// site without an icon not looked at again on every save.
@Suite struct FaviconWebTests {
    /// A 16×16 ICO header is enough for the byte check.
    static let ico = Data([0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10]) + Data(count: 64)

    /// A site whose front page names its icon.
    static func linkedIconSite() throws -> LiveServer {
        try LiveServer { request, _ in
            switch request.path {
            case "/": HTTPResponse(status: 200, headers: ["Content-Type": "text/html"],
                                   body: .bytes(Data(#"<html><head><link rel="icon" href="/static/icon.png"></head><body>Home</body></html>"#.utf8)))
            case "/static/icon.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(ReaderWebTests.png))
            default: HTTPResponse(status: 404, body: .bytes(Data()))
            }
        }
    }

    /// A site with only `/favicon.ico`.
    static func plainIconSite() throws -> LiveServer {
        try LiveServer { request, _ in
            request.path == "/favicon.ico" ? HTTPResponse(status: 200, headers: ["Content-Type": "image/x-icon"], body: .bytes(ico))
                : HTTPResponse(status: 404, body: .bytes(Data()))
        }
    }

    /// A site whose icons are an SVG, an oversized PNG and an HTML page posing as an icon.
    static func badIconSite() throws -> LiveServer {
        try LiveServer { request, _ in
            switch request.path {
            case "/": HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: .bytes(Data("""
                <html><head><link rel="icon" href="/icon.svg"><link rel="apple-touch-icon" href="/huge.png"></head></html>
                """.utf8)))
            case "/icon.svg": HTTPResponse(status: 200, headers: ["Content-Type": "image/svg+xml"], body: .bytes(Data("<svg/>".utf8)))
            case "/huge.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(ReaderWebTests.png + Data(count: 200 * 1024)))
            case "/favicon.ico": HTTPResponse(status: 200, headers: ["Content-Type": "image/x-icon"], body: .bytes(Data("<html>not an icon</html>".utf8)))
            default: HTTPResponse(status: 404, body: .bytes(Data()))
            }
        }
    }

    final class Fixture: Sendable {
        let directory: URL
        let service: FaviconService
        let clock = ManualClock(Date(timeIntervalSince1970: 1_750_000_000))
        let local: LocalData

        init(allowInternal: Bool = true) throws {
            directory = TemporaryDirectory.reserve(prefix: "marks-favicons")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            local = try LocalData(paths: MarksPaths(environment: [:], dataDirectory: directory.path, currentDirectory: "/"),
                                  now: { Date(timeIntervalSince1970: 1_750_000_000) })
            let database = local.database
            service = FaviconService(store: try FaviconStore(database: database),
                                     fetcher: PageFetcher(policy: FetchPolicy(timeout: .seconds(30), allowInternalAddresses: allowInternal)),
                                     now: clock.now)
        }

        func cleanUp() {
            do { try FileManager.default.removeItem(at: directory) } catch { /* a temp dir left behind fails nothing */ }
        }
    }

    static func site(_ server: LiveServer) -> String { "127.0.0.1:\(server.port)" }

    @Test func theSiteKeyIsTheLowercasedHostWithItsPort() {
        #expect(Favicon.site(of: "https://Example.COM/a?b#c") == "example.com")
        #expect(Favicon.site(of: "http://user:pw@127.0.0.1:8080/x") == "127.0.0.1:8080")
        #expect(Favicon.site(of: "javascript:alert(1)") == nil)
        #expect(Favicon.site(of: "https://exa mple.com/") == nil)
        #expect(Favicon.site(of: "https:///path") == nil)
        // Read by bytes when ASCII, by characters otherwise; the same answers either way.
        #expect(Favicon.site(of: "HTTPS://a@b@Host.Example:443?x") == "host.example:443")
        #expect(Favicon.site(of: "http://h.example#frag/é") == "h.example")
        #expect(Favicon.site(of: "https://h.example/é") == "h.example")
        #expect(Favicon.site(of: "https://\u{212A}.example/") == "k.example")  // the Kelvin sign lowercases to k
        #expect(Favicon.site(of: "https://h.example/\u{301}x") == nil)  // "/" with a combining mark is not a slash
        #expect(Favicon.site(of: "https://é.example/") == nil)
        #expect(Favicon.site(of: "ftp://h.example/") == nil)
        #expect(Favicon.site(of: "HTTPS://A.Example:8443?q") == "a.example:8443")
        #expect(Favicon.site(of: "http://[::1]:8080#top") == "[::1]:8080")
        #expect(Favicon.site(of: "https://a@b@Host.example/") == "host.example")
        #expect(Favicon.site(of: "https://user@/x") == nil)
        #expect(Favicon.site(of: "https://bücher.example/") == nil)
        #expect(Favicon.site(of: "ftp://example.com/") == nil)
        #expect(Favicon.site(of: "http:/") == nil)
        #expect(Favicon.site(of: "https://" + String(repeating: "a", count: 261)) == nil)
        #expect(Favicon.site(of: "https://" + String(repeating: "a", count: 260)) == String(repeating: "a", count: 260))
    }

    @Test func theJobFindsTheLinkedIconOrFaviconIcoAndKeepsIt() async throws {
        let linked = try Self.linkedIconSite(), plain = try Self.plainIconSite()
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let jobs = JobRunner(store: try JobStore(database: fixture.local.database), log: { _ in })
        await jobs.register(fixture.service.jobKind())
        for server in [linked, plain] {
            let request = try #require(try fixture.service.request(for: server.baseURL.absoluteString + "/some/article"))
            #expect(request.kind == "favicon.fetch")
            #expect(request.key == Self.site(server))
            _ = try await jobs.enqueue(request)
        }
        await jobs.runUntilIdle()

        let png = try #require(try fixture.service.store.favicon(of: Self.site(linked)))
        #expect(png.contentType == "image/png")
        #expect(png.data == ReaderWebTests.png)
        let ico = try #require(try fixture.service.store.favicon(of: Self.site(plain)))
        #expect(ico.contentType == "image/x-icon")
        #expect(try fixture.service.request(for: linked.baseURL.absoluteString + "/other") == nil, "fetched once per site")
        await linked.stop()
        await plain.stop()
    }

    @Test func refusedIconsAreRememberedAndNotRetriedForAMonth() async throws {
        let bad = try Self.badIconSite()
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let status = try await fixture.service.fetch(site: Self.site(bad), origin: bad.baseURL)
        guard case .missing = status else {
            Issue.record("an SVG, an oversized PNG and HTML posing as an icon are all refused, got \(status)")
            return
        }
        #expect(try fixture.service.store.favicon(of: Self.site(bad)) == nil)
        #expect(!bad.requests.contains { $0.path == "/icon.svg" }, "SVG icons are skipped")

        let collected = Mutex<[JobRequest]>([])
        let observer = fixture.service.observer(enqueue: { request in collected.withLock { $0.append(request) } }, warn: { _ in })
        let bookmark = Bookmark(id: 1, url: bad.baseURL.absoluteString + "/post", title: "Post", dateAdded: Date(timeIntervalSince1970: 0),
                                dateModified: Date(timeIntervalSince1970: 0))
        await observer.saved([bookmark, bookmark])
        #expect(collected.withLock { $0 }.isEmpty, "a site without an icon is not looked at again on the next save")

        fixture.clock.advance(FaviconStore.retryAfter + 1)
        await observer.saved([bookmark, bookmark])
        #expect(collected.withLock { $0.map(\.key) } == [Self.site(bad)], "after a month it is, once")
        await bad.stop()
    }

    @Test func internalAddressesAreRefusedUnlessAllowed() async throws {
        let linked = try Self.linkedIconSite()
        let fixture = try Fixture(allowInternal: false)
        defer { fixture.cleanUp() }
        let status = try await fixture.service.fetch(site: Self.site(linked), origin: linked.baseURL)
        #expect(status == .missing(since: Date(timeIntervalSince1970: 1_750_000_000)))
        #expect(linked.requests.isEmpty)
        await linked.stop()
    }

    @Test func rowsShowMarksOwnCopyServedWithLongCacheHeaders() async throws {
        let linked = try Self.linkedIconSite()
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        _ = try await fixture.service.fetch(site: Self.site(linked), origin: linked.baseURL)
        let etag = try #require(try fixture.service.store.favicon(of: Self.site(linked))?.etag)

        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.favicons = fixture.service
        let web = try await WebHarness.make(seed: 1, options: options, prepare: { source in
            try await source.insert(Bookmark(id: 0, url: linked.baseURL.absoluteString + "/article", title: "On the stand-in",
                                                  dateAdded: Date(timeIntervalSince1970: 0), dateModified: Date(timeIntervalSince1970: 0)))
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let list = WebClient.text(try await client.get("/"))
        let path = "/favicons/\(Self.site(linked))?v=\(etag)"
        #expect(list.contains("src=\"\(path)\""))
        #expect(list.components(separatedBy: "/favicons/").count == 2, "the bookmark on a site without an icon keeps its monogram")

        var anonymous = web.anonymous()
        let icon = try await anonymous.get(path)
        #expect(icon.status == 200)
        #expect(icon.headers["Content-Type"] == "image/png")
        #expect(icon.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(icon.headers["X-Content-Type-Options"] == "nosniff")
        #expect(icon.headers["ETag"] == "\"\(etag)\"")
        #expect(icon.body == .bytes(ReaderWebTests.png))
        let again = try await anonymous.get(path, headers: [("If-None-Match", "\"\(etag)\"")])
        #expect(again.status == 304)
        #expect(try await anonymous.get("/favicons/example.com").status == 404)
        await linked.stop()
    }
}
