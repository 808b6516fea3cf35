import Foundation
import HTTPServer
import MarksBookmarks
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// Broken-link checks in the web app, over pages served on loopback: a bookmark's page shows its link's status and
/// when it was checked, Check now checks it, a page that moved offers Update URL (which changes the bookmark's address
/// through the library), and the Broken list and `!broken` search show only the broken ones.
@Suite struct WebLinkCheckTests {
    /// A site with a page, a gone page and a moved one.
    static func site() throws -> LiveServer {
        var router = Router()
        router.get("/ok") { _ in .html("<p>here</p>") }
        router.get("/new") { _ in .html("<p>moved here</p>") }
        router.get("/old") { _ in HTTPResponse(status: 301, headers: ["Location": "/new"], body: .bytes(Data())) }
        return try LiveServer(serving: router)
    }

    static func checker(in directory: TemporaryDirectory) throws -> LinkChecker {
        let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
        let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), minimumRateWindow: .seconds(30),
                                                      allowInternalAddresses: true), resolve: { _ in loopback })
        return try LinkChecker(database: try Database(path: directory.file("links.sqlite").path), fetcher: fetcher, now: { Date() })
    }

    @Test func aBookmarksPageShowsItsLinkAndChecksItNow() async throws {
        let site = try Self.site()
        let directory = try TemporaryDirectory(prefix: "marks-web-links")
        defer { directory.cleanUp() }
        let links = try Self.checker(in: directory)
        let web = try await WebHarness.make(seed: 2, configure: { _, _, options in options.links = links })
        defer { web.cleanUp() }
        let base = "http://127.0.0.1:\(site.port)"
        let gone = try await web.library.add(AddBookmarkRequest(url: "\(base)/missing", title: "Gone page")).bookmark
        let fine = try await web.library.add(AddBookmarkRequest(url: "\(base)/ok", title: "Fine page")).bookmark
        var client = try await web.signedIn()

        let before = WebClient.text(try await client.get("/bookmarks/\(gone.id)"))
        #expect(before.contains("<p id=\"link-status\">Not checked yet</p>"), "\(before)")
        #expect(before.contains("action=\"/bookmarks/\(gone.id)/check-link\""))

        let checked = try await client.post("/bookmarks/\(gone.id)/check-link")
        #expect(checked.status == 303)
        #expect(checked.headers["Location"] == "/bookmarks/\(gone.id)?notice=link-checked")
        let after = WebClient.text(try await client.get("/bookmarks/\(gone.id)?notice=link-checked"))
        #expect(after.contains("<span class=\"badge link-broken\">Broken</span> HTTP 404 Not Found · checked today"), "\(after)")
        #expect(!after.contains("use-moved-url"), "only a page that moved offers Update URL")
        _ = try await client.post("/bookmarks/\(fine.id)/check-link")
        #expect(WebClient.text(try await client.get("/bookmarks/\(fine.id)")).contains("Link OK</span> · checked today"))

        // The Broken list and `!broken`: only the broken bookmark, whatever else the library holds.
        let list = WebClient.text(try await client.get("/?show=broken"))
        #expect(list.contains("Gone page"))
        #expect(!list.contains("Fine page"))
        #expect(list.contains(">Broken</a>"), "the filter sits beside Unread and Archived")
        let search = WebClient.text(try await client.get("/search?q=%21broken"))
        #expect(search.contains("Gone page"), "\(search)")
        #expect(!search.contains("Fine page"))
        let narrowed = WebClient.text(try await client.get("/search?q=Fine+%21broken"))
        #expect(!narrowed.contains("Gone page"), "the rest of the query still applies")
        await site.stop()
    }

    @Test func aPageThatMovedOffersToUpdateTheAddress() async throws {
        let site = try Self.site()
        let directory = try TemporaryDirectory(prefix: "marks-web-links")
        defer { directory.cleanUp() }
        let links = try Self.checker(in: directory)
        let web = try await WebHarness.make(configure: { _, _, options in options.links = links })
        defer { web.cleanUp() }
        let base = "http://127.0.0.1:\(site.port)"
        let moved = try await web.library.add(AddBookmarkRequest(url: "\(base)/old", title: "Moved page")).bookmark
        var client = try await web.signedIn()

        #expect(try await client.post("/bookmarks/\(moved.id)/use-moved-url").status == 409, "nothing moved as far as Marks knows")
        _ = try await client.post("/bookmarks/\(moved.id)/check-link")
        let page = WebClient.text(try await client.get("/bookmarks/\(moved.id)"))
        #expect(page.contains("<span class=\"badge link-moved\">Moved</span> to <span class=\"link-to\">\(base)/new</span>"), "\(page)")
        #expect(page.contains("action=\"/bookmarks/\(moved.id)/use-moved-url\""))

        let updated = try await client.post("/bookmarks/\(moved.id)/use-moved-url")
        #expect(updated.headers["Location"] == "/bookmarks/\(moved.id)?notice=url-updated")
        #expect(try await web.library.bookmark(id: moved.id).url == "\(base)/new")
        let now = WebClient.text(try await client.get("/bookmarks/\(moved.id)"))
        #expect(now.contains("Link OK"), "the new address was checked")
        await site.stop()
    }

    @Test func withoutLinkChecksThePageShowsNoneAndTheRoutesAre404() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(!WebClient.text(try await client.get("/bookmarks/1")).contains("link-check"))
        let list = WebClient.text(try await client.get("/"))
        #expect(list.contains(">Archived</a>") && !list.contains(">Broken</a>"), "the filter offers Broken only where links are checked")
        #expect(try await client.post("/bookmarks/1/check-link").status == 404)
        #expect(try await client.post("/bookmarks/1/use-moved-url").status == 404)
    }
}
