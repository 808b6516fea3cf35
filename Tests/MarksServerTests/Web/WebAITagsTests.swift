import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksServer
import Testing

/// AI tags lead somewhere: a tag page and `#tag` search list the bookmarks that carry the tag as an AI tag, the
/// Tags tab's counts equal what the tag page lists, and each AI tag can be accepted (a real tag, through the
/// source) or dismissed (never stored for that bookmark again).
@Suite struct WebAITagsTests {
    /// Three bookmarks: 1 and 2 carry `overview` only as an AI tag; 3 carries `swift` as its own tag and as an AI tag.
    static func harness() async throws -> WebHarness {
        let web = try await WebHarness.make { source in
            try await source.seed(3, tags: { $0 == 3 ? ["swift"] : [] })
        }
        try await web.library.setAIMetadata(id: 1, summary: nil, tags: ["overview"], engine: "test")
        try await web.library.setAIMetadata(id: 2, summary: nil, tags: ["Overview", "rust"], engine: "test")
        try await web.library.setAIMetadata(id: 3, summary: nil, tags: ["swift"], engine: "test")
        return web
    }

    @Test func theTagPageListsWhatTheTagsTabCounts() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let tags = WebClient.text(try await client.get("/tags"))
        #expect(tags.contains("<li data-name=\"overview\"><a href=\"/tags/Overview\"><span>#Overview</span><span class=\"n\">2 <span class=\"ai-count\">(2 AI)</span>"),
                "names merge case-insensitively: \(tags)")
        #expect(tags.contains("<span>#swift</span><span class=\"n\">1</span>"), "an AI tag that is also the bookmark's own counts once")

        let page = WebClient.text(try await client.get("/tags/overview"))
        #expect(!page.contains("No bookmarks tagged"))
        #expect(WebListTests.rowIDs(page) == [2, 1])
        #expect(page.contains("(suggested by AI)"))
        #expect(WebListTests.rowIDs(WebClient.text(try await client.get("/tags/swift"))) == [3])

        let search = WebClient.text(try await client.get("/search?q=%23overview"))
        #expect(WebListTests.rowIDs(search) == [2, 1])
        let narrowed = WebClient.text(try await client.get("/search?q=%23overview+%23rust"))
        #expect(WebListTests.rowIDs(narrowed) == [2])
        let scoped = WebClient.text(try await client.get("/search?q=number&scope=tag&tag=overview"))
        #expect(WebListTests.rowIDs(scoped) == [2, 1])
    }

    @Test func aTagPageOfAIOnlyTagsPagesThroughTheCache() async throws {
        let options = WebOptions(undoSeconds: 6, pageSize: 2, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        let web = try await WebHarness.make(seed: 5, options: options)
        defer { web.cleanUp() }
        for id in 1...5 { try await web.library.setAIMetadata(id: id, summary: nil, tags: ["overview"], engine: "test") }
        var client = try await web.signedIn()
        let first = WebClient.text(try await client.get("/tags/overview"))
        #expect(WebListTests.rowIDs(first) == [5, 4])
        let more = try #require(first.range(of: #"id="load-more" href="[^"]*""#, options: .regularExpression))
        let link = String(first[more].dropFirst(#"id="load-more" href=""#.count).dropLast()).replacingOccurrences(of: "&amp;", with: "&")
        #expect(link.hasPrefix("/tags/overview?"))
        let second = WebClient.text(try await client.get(link))
        #expect(WebListTests.rowIDs(second) == [3, 2])
    }

    @Test func acceptMakesTheAITagARealTagThroughTheSource() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/bookmarks/1"))
        #expect(page.contains("action=\"/bookmarks/1/tags/accept\""))
        #expect(page.contains("action=\"/bookmarks/1/tags/dismiss\""))
        let response = try await client.post("/bookmarks/1/tags/accept", [("tag", "overview"), ("return", "/bookmarks/1")])
        #expect(response.status == 303)
        #expect(web.source.updates.last?.id == 1)
        #expect(web.source.updates.last?.update.tagNames == ["overview"])
        let stored = try #require(await web.source.find(1))
        #expect(stored.tagNames == ["overview"])
        let after = WebClient.text(try await client.get("/bookmarks/1"))
        #expect(after.contains("<li><a href=\"/tags/overview\">#overview</a></li>"))
        #expect(!after.contains("(suggested by AI)"))
        let tags = WebClient.text(try await client.get("/tags"))
        #expect(tags.contains("<span>#overview</span><span class=\"n\">2 <span class=\"ai-count\">(1 AI)</span>"))
        #expect(try await client.post("/bookmarks/1/tags/accept", [("tag", "  ")]).status == 400)
    }

    @Test func dismissIsNeverSuggestedAgainForThatBookmark() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let edit = WebClient.text(try await client.get("/bookmarks/2/edit"))
        #expect(edit.contains("Suggested by AI"))
        #expect(edit.contains("action=\"/bookmarks/2/tags/dismiss\""))
        #expect(try await client.post("/bookmarks/2/tags/dismiss", [("tag", "OVERVIEW"), ("return", "/bookmarks/2/edit")]).status == 303)
        #expect(web.source.updates.isEmpty, "a dismissal stays on this computer")
        #expect(WebListTests.rowIDs(WebClient.text(try await client.get("/tags/overview"))) == [1])
        // Re-enrichment suggests it again: it is not stored.
        try await web.library.setAIMetadata(id: 2, summary: nil, tags: ["overview", "systems"], engine: "test")
        let bookmark = try await web.library.bookmark(id: 2)
        #expect(bookmark.aiTags == ["systems"])
        let tags = WebClient.text(try await client.get("/tags"))
        #expect(tags.contains("<span>#overview</span><span class=\"n\">1 <span class=\"ai-count\">(1 AI)</span>"))
    }

    /// The part of a page that is bookmark `id`'s row.
    static func row(_ id: Int, in html: String) -> String {
        guard let start = html.range(of: "id=\"b\(id)\"") else { return "" }
        let rest = html[start.upperBound...]
        let end = rest.range(of: "<li class=\"row")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func aListRowAcceptsAnAITagWithoutScriptAndReturnsToTheRow() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let list = WebClient.text(try await client.get("/?sort=title"))
        let row = Self.row(1, in: list)
        #expect(row.contains("<details class=\"tag-menu\"><summary aria-label=\"Accept or dismiss the AI tag overview\">"), "\(row)")
        #expect(row.contains("name=\"a\" value=\"accept 1 overview\""))
        #expect(row.contains("name=\"a\" value=\"dismiss 1 overview\""))
        #expect(!Self.row(3, in: list).contains("value=\"accept 3"), "an AI tag that is the bookmark's own is not offered")
        #expect(list.contains("<form method=\"post\" class=\"list-form\" action=\"/bookmarks/action\">"))
        #expect(list.contains("name=\"return\" value=\"/?sort=title\""))

        let response = try await client.post("/bookmarks/action", [("a", "accept 1 overview"), ("return", "/?sort=title")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/?sort=title&notice=tag-accepted&at=b1#b1", "back to the same list, at the row")
        #expect(web.source.updates.last?.update.tagNames == ["overview"])
        #expect(await web.source.find(1)?.tagNames == ["overview"])
        let after = Self.row(1, in: WebClient.text(try await client.get("/?sort=title&notice=tag-accepted")))
        #expect(after.contains("<a href=\"/tags/overview\">#overview</a>"), "\(after)")
        #expect(!after.contains("(suggested by AI)"))
        #expect(!after.contains("value=\"accept 1"))
    }

    @Test func aListRowDismissesAnAITagForGood() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(Self.row(2, in: WebClient.text(try await client.get("/tags/overview"))).contains("value=\"dismiss 2 Overview\""))
        let response = try await client.post("/bookmarks/action", [("a", "dismiss 2 Overview"), ("return", "/tags/overview")])
        #expect(response.headers["Location"] == "/tags/overview?notice=tag-dismissed&at=b2#b2")
        #expect(web.source.updates.isEmpty, "a dismissal stays on this computer")
        let page = WebClient.text(try await client.get("/tags/overview"))
        #expect(WebListTests.rowIDs(page) == [1])
        let row = Self.row(2, in: WebClient.text(try await client.get("/")))
        #expect(!row.contains("Overview"), "\(row)")
        #expect(row.contains("value=\"dismiss 2 rust\""), "the other AI tag keeps its menu")
        // Enriched again, the bookmark is not given the dismissed tag back.
        try await web.library.setAIMetadata(id: 2, summary: nil, tags: ["overview", "rust"], engine: "test")
        #expect(!Self.row(2, in: WebClient.text(try await client.get("/"))).contains("overview"))
    }

    @Test func aRowsAITagActionAnswersTheScriptWith204AndRefusesAMissingTag() async throws {
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let json = [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"), ("Accept", "application/json")]
        // The script posts to the bookmark's own route, as the row's other buttons do.
        #expect(try await client.post("/bookmarks/2/tags/accept", [("tag", "rust")], headers: json).status == 204)
        #expect(await web.source.find(2)?.tagNames == ["rust"])
        #expect(try await client.post("/bookmarks/2/tags/dismiss", [("tag", "overview")], headers: json).status == 204)
        #expect(try await web.library.bookmark(id: 2).suggestedTags.isEmpty)
        #expect(try await client.post("/bookmarks/action", [("a", "accept 1"), ("return", "/")]).status == 400)
        #expect(try await client.post("/bookmarks/action", [("a", "accept 1  "), ("return", "/")]).status == 400)
        #expect(try await client.post("/bookmarks/action", [("a", "read 1 extra"), ("return", "/")]).status == 400)
        #expect(await web.source.find(1)?.tagNames == [])
    }

    @Test func anAISummaryEqualToTheDescriptionIsShownOnce() async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        try await web.library.setAIMetadata(id: 1, summary: "  description of 1. ", tags: [], engine: "offline")
        try await web.library.setAIMetadata(id: 2, summary: "What the model wrote.", tags: [], engine: "offline")
        var client = try await web.signedIn()
        let one = WebClient.text(try await client.get("/bookmarks/1"))
        #expect(!one.contains("AI summary"))
        #expect(one.components(separatedBy: "Description of 1.").count == 2)
        #expect(WebClient.text(try await client.get("/bookmarks/2")).contains("<span class=\"ai-label\">AI summary</span>What the model wrote."))
        let list = WebClient.text(try await client.get("/"))
        #expect(list.components(separatedBy: "AI summary").count == 2)
    }
}
