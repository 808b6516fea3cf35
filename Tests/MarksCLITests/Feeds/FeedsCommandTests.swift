import Foundation
import HTTPServer
import MarksTestSupport
import Synchronization
import Testing

/// `marks feeds` end to end: the real binary, a feed served on loopback. Each run is a new process over the same data
/// directory (a restart every time): the feed's items are saved once, as unread bookmarks with its tags; a new item
/// comes once; a failing feed says why and exits 1; OPML goes out and comes back in.
@Suite struct FeedsCommandTests {
    static let fetching = ["MARKS_ALLOW_PRIVATE_FETCHES": "1", "MARKS_FETCH_PAGES": "1"]

    final class Feed: Sendable {
        let items = Mutex<[String]>(["a", "b"])

        func body(base: String) -> String {
            let entries = items.withLock { $0 }.map { "<item><title>Post \($0)</title><link>\(base)/\($0)</link><guid>\($0)</guid></item>" }
            return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>CLI blog</title>\(entries.joined())</channel></rss>"
        }
    }

    @Test(.timeLimit(.minutes(5))) func aFeedOnLoopbackAddsItsItemsOnceAcrossRuns() async throws {
        let feed = Feed()
        let port = Mutex(0)
        var router = Router()
        router.get("/feed.xml") { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/rss+xml"],
                         body: .bytes(Data(feed.body(base: "http://127.0.0.1:\(port.withLock { $0 })").utf8)))
        }
        router.get("/page") { _ in .html("<p>a page, not a feed</p>") }
        let live = try LiveServer(serving: router, configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
        port.withLock { $0 = live.port }
        let base = "http://127.0.0.1:\(live.port)"
        let marks = try MarksBinary()
        defer { marks.cleanUp() }

        let added = try await marks.run(["feeds", "add", "\(base)/feed.xml", "--tag", "news", "--tag", "cli"])
        #expect(added.code == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Following feed 1"), "\(added.stdout)")

        let first = try await marks.run(["feeds", "poll", "--json"], extraEnvironment: Self.fetching)
        #expect(first.code == 0, "\(first.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]], "\(first.stdout)")
        #expect(Set(rows.first?["added"] as? [String] ?? []) == ["\(base)/a", "\(base)/b"])

        let again = try await marks.run(["feeds", "poll", "1"], extraEnvironment: Self.fetching)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Checked 1 feed: 0 new bookmarks."), "\(again.stdout)")
        #expect(again.stderr.contains("[1/1] \(base)/feed.xml: 0 added"), "progress on standard error: \(again.stderr)")

        feed.items.withLock { $0.insert("c", at: 0) }
        let third = try await marks.run(["feeds", "poll", "--all"], extraEnvironment: Self.fetching)
        #expect(third.stdout.contains("Checked 1 feed: 1 new bookmark."), "\(third.stdout)")

        let list = try await marks.run(["list", "--json"])
        #expect(list.code == 0, "\(list.stderr)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any], "\(list.stdout)")
        let bookmarks = try #require(page["results"] as? [[String: Any]], "\(list.stdout)")
        #expect(bookmarks.count == 3, "each item once: \(list.stdout)")
        #expect(bookmarks.allSatisfy { $0["unread"] as? Bool == true })
        #expect(bookmarks.allSatisfy { Set($0["tag_names"] as? [String] ?? []) == ["news", "cli"] }, "\(list.stdout)")

        let feeds = try await marks.run(["feeds", "--json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(feeds.stdout.utf8)) as? [[String: Any]], "\(feeds.stdout)")
        #expect(listed.first?["items_added"] as? Int == 3)
        #expect(listed.first?["title"] as? String == "CLI blog")
        #expect(listed.first?["last_error"] is NSNull)

        // A page that is not a feed: the reason, kept, and exit code 1.
        #expect(try await marks.run(["feeds", "add", "\(base)/page"]).code == 0)
        let failed = try await marks.run(["feeds", "poll", "2"], extraEnvironment: Self.fetching)
        #expect(failed.code == 1)
        #expect(failed.stderr.contains("failed: Not a feed: the address answered with text/html"), "\(failed.stderr)")
        let text = try await marks.run(["feeds"])
        #expect(text.stdout.contains("failing: Not a feed"), "\(text.stdout)")

        // OPML out and back in (into another data directory).
        let opml = try await marks.run(["feeds", "export-opml"])
        #expect(opml.stdout.contains("xmlUrl=\"\(base)/feed.xml\""), "\(opml.stdout)")
        let file = marks.home.appendingPathComponent("feeds.opml")
        try opml.stdout.write(to: file, atomically: true, encoding: .utf8)
        let other = try MarksBinary()
        defer { other.cleanUp() }
        let imported = try await other.run(["feeds", "import-opml", file.path])
        #expect(imported.stdout.contains("Following 2 new feeds; 0 were already followed."), "\(imported.stdout) \(imported.stderr)")

        #expect(try await marks.run(["feeds", "remove", "2"]).code == 0)
        #expect(try await marks.run(["feeds", "remove", "2"]).code == 1)
        #expect(try await marks.run(["feeds", "add", "ftp://x.example/feed"]).code == 1)
        await live.stop()
    }
}
