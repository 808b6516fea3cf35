import Foundation
import MarksCore
import MarksReading
import MarksTestSupport
import Testing
@testable import MarksServer

/// Resume and the action bar (issue 37 items 2 and 3), over real HTTP handling: the reader's script sends where the
/// person stopped (a block, how far into it, its first words), the server keeps it in the data directory and the next
/// reader page — on any device, after a restart — carries it for the script to scroll to. Out-of-range places are
/// refused and change nothing. The bar offers Archive (on to the next unread), Mark read, Next unread, Tags,
/// Highlights, the original page and "Aa" (size, width, typeface, theme); Listen only where podcasts are set up.
@Suite struct ReaderResumeWebTests {
    static func harness() async throws -> WebHarness {
        try await WebHarness.make(seed: 2, reader: { url in
            ReadableArticle(url: url, title: "Article", paragraphs: ["First paragraph.", "Second paragraph.", "Third paragraph."], wordCount: 9)
        })
    }

    @Test func theReaderReopensWhereThePersonStoppedEvenAfterARestart() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(!WebClient.text(try await client.get("/bookmarks/1/read")).contains("data-at-block"), "nothing saved yet: the top")

        let stopped = try await client.post("/bookmarks/1/progress", [("progress", "0.4"), ("block", "2"), ("within", "0.25"),
                                                                      ("quote", "Third paragraph.")])
        #expect(stopped.status == 204)
        let page = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(page.contains("data-at-block=\"2\" data-at-within=\"0.25\" data-at-fraction=\"0.4\" data-at-quote=\"Third paragraph.\""))

        // Reading back up: the place follows the person, while the row's bar keeps the furthest point.
        _ = try await client.post("/bookmarks/1/progress", [("progress", "0.1"), ("block", "0"), ("within", "0"), ("quote", "First paragraph.")])
        let back = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(back.contains("data-at-block=\"0\""))
        #expect(WebClient.text(try await client.get("/")).contains("40%"), "the row still shows how far it was read")

        // Another server over the same data directory (a restart, or another device's session) reopens there too.
        let again = WebApp(library: web.library, auth: web.auth, settings: WebSettings(configStore: web.configStore, verify: { _ in
            ServerHealth(version: "1", status: "ok") }, activeServer: nil), widgets: nil, reader: { url in
            ReadableArticle(url: url, title: "Article", paragraphs: ["First paragraph."], wordCount: 2)
        }, options: WebOptions(stateDirectory: web.directory))
        var other = WebClient(app: again)
        other.cookies = client.cookies
        #expect(WebClient.text(try await other.get("/bookmarks/1/read")).contains("data-at-block=\"0\" data-at-within=\"0.0\""))
    }

    @Test func aPlaceOutOfRangeIsRefusedAndChangesNothing() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        _ = try await client.post("/bookmarks/1/progress", [("progress", "0.3"), ("block", "1"), ("within", "0.5"), ("quote", "Second paragraph.")])
        for bad in [[("block", "-1"), ("within", "0.5")], [("block", "1"), ("within", "1.5")], [("block", "1")],
                    [("block", "x"), ("within", "0")], [("block", "99999999999"), ("within", "0")], [("block", "1"), ("within", "nan")]] {
            let response = try await client.post("/bookmarks/1/progress", [("progress", "0.9")] + bad)
            #expect(response.status == 400, "\(bad)")
        }
        let page = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(page.contains("data-at-block=\"1\" data-at-within=\"0.5\" data-at-fraction=\"0.3\""), "a refused report stored nothing")
        #expect(!WebClient.text(try await client.get("/")).contains("90%"))

        // A long quote is cut, not refused; markup in it is escaped on the way out.
        let long = "<b>" + String(repeating: "w", count: 500)
        #expect(try await client.post("/bookmarks/1/progress", [("progress", "0.3"), ("block", "1"), ("within", "0"), ("quote", long)]).status == 204)
        let cut = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(cut.contains("data-at-quote=\"&lt;b&gt;" + String(repeating: "w", count: ReadingPosition.quoteLimit - 3) + "\""))
    }

    @Test func theActionBarOffersTheReadingLoopAndAaIsKept() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/bookmarks/1/read"))
        let bar = try #require(page.range(of: "<div class=\"reader-toolbar\">").map { String(page[$0.lowerBound...].prefix(4_000)) })
        #expect(bar.contains("formaction=\"/bookmarks/1/archive\" name=\"return\" value=\"/bookmarks/next-unread?after=1\""),
                "Archive goes on to the next unread")
        let unread = try #require(await web.source.find(1)).unread
        #expect(bar.contains(unread ? "formaction=\"/bookmarks/1/mark-read\" name=\"return\" value=\"/bookmarks/1/read\" data-act=\"read\""
                                    : "formaction=\"/bookmarks/1/mark-unread\" name=\"return\" value=\"/bookmarks/1/read\" data-act=\"unread\""))
        for label in ["Next unread", "Tags", "Highlights", "Original", "Text size, width, typeface and theme"] {
            #expect(bar.contains(label), "\(label)")
        }
        #expect(bar.contains("name=\"_csrf\""), "the bar's buttons post with the token")
        #expect(!bar.contains("Listen"), "no podcasts on this server")
        #expect(page.contains("reader-size-medium reader-width-medium reader-font-serif"))

        let saved = try await client.post("/reader/settings", [("size", "large"), ("width", "narrow"), ("font", "sans"), ("return", "/bookmarks/1/read")])
        #expect(saved.status == 303)
        #expect(WebClient.text(try await client.get("/bookmarks/1/read")).contains("reader-size-large reader-width-narrow reader-font-sans"))
        #expect(try await client.post("/reader/settings", [("size", "large"), ("width", "narrow"), ("font", "comic")]).status == 400)
        // The older form without a typeface still works (serif).
        _ = try await client.post("/reader/settings", [("size", "small"), ("width", "wide")])
        #expect(WebClient.text(try await client.get("/bookmarks/1/read")).contains("reader-size-small reader-width-wide reader-font-serif"))
    }

    @Test func listenIsOnTheBarWherePodcastsAreSetUp() async throws {
        let h = try await PodcastHarness.make(seed: 1, reader: { url in
            ReadableArticle(url: url, title: "Article", paragraphs: ["Only paragraph."], wordCount: 2)
        })
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let page = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(page.contains("data-podcast=\"/bookmarks/1/podcast\""))
        #expect(page.contains(">Listen</span>"))
    }
}
