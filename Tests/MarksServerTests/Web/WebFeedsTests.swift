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

/// Settings → Feeds, over feeds served on loopback: follow a feed with rules (without script: plain forms), Check now
/// adds its items as unread bookmarks with the feed's tags and says so, a failing feed says why in words, Remove stops
/// following it, and OPML goes out as a download and comes in as an upload.
@Suite struct WebFeedsTests {
    static func site() throws -> LiveServer {
        var router = Router()
        router.get("/feed.xml") { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/rss+xml"], body: .bytes(Data("""
                <?xml version="1.0"?><rss version="2.0"><channel><title>Loopback blog</title>\
                <item><title>Hello feeds</title><link>/hello</link><guid>h1</guid></item></channel></rss>
                """.utf8)))
        }
        router.get("/page") { _ in .html("<html><body><p>not a feed</p></body></html>") }
        return try LiveServer(serving: router)
    }

    static func feeds(in directory: TemporaryDirectory) throws -> FeedSubscriptions {
        let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
        let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), minimumRateWindow: .seconds(30),
                                                      allowInternalAddresses: true), resolve: { _ in loopback })
        return try FeedSubscriptions(database: try Database(path: directory.file("feeds.sqlite").path), fetcher: fetcher, now: { Date() })
    }

    @Test(.timeLimit(.minutes(3))) func followCheckFailAndRemoveWithoutScript() async throws {
        let site = try Self.site()
        defer { Task { await site.stop() } }
        let directory = try TemporaryDirectory(prefix: "marks-web-feeds")
        defer { directory.cleanUp() }
        let feeds = try Self.feeds(in: directory)
        let web = try await WebHarness.make(configure: { _, _, options in options.feeds = feeds })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let base = "http://127.0.0.1:\(site.port)"

        #expect(WebClient.text(try await client.get("/settings")).contains("<a href=\"/settings/feeds\" id=\"manage-feeds\">Manage feeds</a>"))
        let empty = WebClient.text(try await client.get("/settings/feeds"))
        #expect(empty.contains("No feeds are followed yet."))
        #expect(empty.contains("<label for=\"feed-url\">Feed address</label>"), "labelled fields")

        let refused = try await client.post("/settings/feeds", [("feed-url", "\(base)/feed.xml"), ("feed-max-age", "soon")])
        #expect(refused.status == 400)
        #expect(WebClient.text(refused).contains("The age must be a number of days"))
        #expect(WebClient.text(refused).contains("value=\"\(base)/feed.xml\""), "the form is kept")
        #expect(try feeds.all().isEmpty)

        let followed = try await client.post("/settings/feeds", [("feed-url", "\(base)/feed.xml"), ("feed-tags", "news, blogs"), ("feed-max-age", "30")])
        #expect(followed.status == 303)
        let feed = try #require(try feeds.all().first)
        #expect(feed.rules == FeedRules(tags: ["news", "blogs"], maxAgeDays: 30))
        #expect(try await client.post("/settings/feeds", [("feed-url", "\(base)/feed.xml")]).status == 400, "followed already")

        let checked = WebClient.text(try await client.post("/settings/feeds/\(feed.id)/check"))
        #expect(checked.contains("Checked Loopback blog: 1 new bookmark."), "\(checked.prefix(2000))")
        let saved = try #require(try await web.library.check(url: "\(base)/hello").bookmark)
        #expect(saved.unread)
        #expect(Set(saved.tagNames) == ["news", "blogs"])
        #expect(checked.contains("1 bookmark added"))

        try feeds.add(url: "\(base)/page")
        let failing = try #require(try feeds.all().first { $0.url.hasSuffix("/page") })
        let failed = WebClient.text(try await client.post("/settings/feeds/\(failing.id)/check"))
        #expect(failed.contains("Not a feed: the address answered with text/html, not RSS or Atom."), "\(failed.prefix(2000))")
        let listed = WebClient.text(try await client.get("/settings/feeds"))
        #expect(listed.contains("<p class=\"notice problem\" id=\"feed-\(failing.id)-error\"><span><strong>Failing:</strong> Not a feed"))
        #expect(WebClient.text(try await client.get("/settings")).contains("Following 2 feeds; 1 failing."))

        let removed = try await client.post("/settings/feeds/\(failing.id)/remove")
        #expect(removed.status == 303)
        #expect(try feeds.all().map(\.id) == [feed.id])
        #expect(try await client.post("/settings/feeds/\(failing.id)/remove").status == 404)
        #expect(try await client.post("/settings/feeds/\(failing.id)/check").status == 404)
    }

    @Test(.timeLimit(.minutes(2))) func opmlExportAndImport() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-feeds")
        defer { directory.cleanUp() }
        let feeds = try Self.feeds(in: directory)
        try feeds.add(url: "https://one.example/feed", title: "One", rules: FeedRules(tags: ["tech"]))
        let web = try await WebHarness.make(configure: { _, _, options in options.feeds = feeds })
        defer { web.cleanUp() }
        var client = try await web.signedIn()

        let exported = try await client.get("/settings/feeds/opml")
        #expect(exported.status == 200)
        #expect(exported.headers["Content-Disposition"]?.contains("marks-feeds.opml") == true)
        #expect(WebClient.text(exported).contains("xmlUrl=\"https://one.example/feed\""))

        let opml = """
            <opml version="2.0"><body><outline text="Linux"><outline text="LWN" xmlUrl="https://lwn.net/headlines/rss"/></outline>\
            <outline text="One again" xmlUrl="https://one.example/feed"/><outline text="Bad" xmlUrl="ftp://x.example/feed"/></body></opml>
            """
        let (type, body) = WebAccountTests.multipart([("_csrf", client.csrf)], file: ("feeds.opml", opml))
        let imported = try await client.send(.post, "/settings/feeds/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        let text = WebClient.text(imported)
        #expect(imported.status == 200)
        #expect(text.contains("Imported: 1 new feeds followed, 1 already followed. Not added: not an http(s) address: ftp://x.example/feed."), "\(text.prefix(2000))")
        #expect(try feeds.all().first { $0.url == "https://lwn.net/headlines/rss" }?.rules.tags == ["Linux"])

        let (badType, badBody) = WebAccountTests.multipart([("_csrf", client.csrf)], file: ("feeds.opml", "<rss/>"))
        let bad = try await client.send(.post, "/settings/feeds/import", headers: [("Content-Type", badType), ("Origin", "http://127.0.0.1:8080")], body: badBody)
        #expect(bad.status == 400)
        #expect(WebClient.text(bad).contains("The OPML file could not be read: the document is &lt;rss&gt;, not &lt;opml&gt;."))
    }
}
