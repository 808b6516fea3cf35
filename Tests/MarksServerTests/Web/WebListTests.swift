import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksPodcasts
import MarksReading
import Synchronization
import Testing
@testable import MarksServer

@Suite struct WebListTests {
    /// The href of the "Load more" link and its fragment URL, decoded from the page.
    static func moreLinks(_ html: String) -> (page: String, fragment: String)? {
        guard let range = html.range(of: #"id="load-more" href="([^"]+)" data-fragment="([^"]+)""#, options: .regularExpression) else { return nil }
        let parts = html[range].split(separator: "\"")
        return (String(parts[3]).replacingOccurrences(of: "&amp;", with: "&"), String(parts[5]).replacingOccurrences(of: "&amp;", with: "&"))
    }

    static func rowIDs(_ html: String) -> [Int] {
        html.components(separatedBy: "<li class=\"row").dropFirst().compactMap { piece in
            guard let range = piece.range(of: #"id="b(\d+)""#, options: .regularExpression) else { return nil }
            return Int(piece[range].dropFirst(5).dropLast())
        }
    }

    @Test func theListFollowsTheSourcesNextWithAPlainLinkAndAFragment() async throws {
        let web = try await WebHarness.make(seed: 120)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let first = WebClient.text(try await client.get("/"))
        #expect(Self.rowIDs(first) == Array((71...120).reversed()))
        #expect(first.contains("120 bookmarks"))
        let links = try #require(Self.moreLinks(first))
        #expect(links.page.hasPrefix("/?next=http%3A%2F%2F127.0.0.1%3A8080%2Fapi%2Fbookmarks%2F"))

        let second = WebClient.text(try await client.get(links.page))
        #expect(Self.rowIDs(second) == Array((21...70).reversed()))
        #expect(second.contains("Back to the start of the list"))

        let fragment = WebClient.text(try await client.get(links.fragment))
        #expect(!fragment.contains("<html"))
        #expect(Self.rowIDs(fragment) == Array((21...70).reversed()))
        let last = try #require(Self.moreLinks(fragment))
        let end = WebClient.text(try await client.get(last.fragment))
        #expect(Self.rowIDs(end) == Array((1...20).reversed()))
        #expect(end.contains("id=\"end\""))
        #expect(Self.moreLinks(end) == nil)
    }

    @Test func tamperedNextLinksAreRefused() async throws {
        let web = try await WebHarness.make(seed: 60)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let links = try #require(Self.moreLinks(WebClient.text(try await client.get("/"))))
        let tampered = links.fragment.replacingOccurrences(of: "offset%3D50", with: "offset%3D0")
        #expect(tampered != links.fragment)
        #expect(try await client.get(tampered).status == 400)
        #expect(try await client.get("/bookmarks/page").status == 400)
        let evil = "/bookmarks/page?next=" + SafeURL.encode("http://169.254.169.254/latest") + "&sig=" + SafeURL.encode("x")
        #expect(try await client.get(evil).status == 400)
    }

    @Test func theUnreadFilterCarriesThroughPages() async throws {
        let web = try await WebHarness.make { source in try await source.seed(130, unread: { $0 % 2 == 0 }) }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let first = WebClient.text(try await client.get("/?unread=1"))
        #expect(first.contains("65 bookmarks"))
        #expect(Self.rowIDs(first).allSatisfy { $0 % 2 == 0 })
        #expect(first.contains("aria-current=\"page\" data-key=\"u\">Unread"))
        let links = try #require(Self.moreLinks(first))
        #expect(links.page.contains("show=unread"))
        let second = WebClient.text(try await client.get(links.page))
        #expect(Self.rowIDs(second).count == 15)
        #expect(Self.rowIDs(second).allSatisfy { $0 % 2 == 0 })
    }

    @Test func emptyListsSayWhatToDo() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/"))
        #expect(page.contains("No bookmarks yet"))
        #expect(page.contains("Add your first bookmark"))
        #expect(WebClient.text(try await client.get("/?unread=1")).contains("Nothing unread"))
    }

    @Test func theWordmarkAndHomeCardsAreOnlyOnTheMainList() async throws {
        let web = try await WebHarness.make(seed: 8, options: WebOptions(timeZone: TimeZone(secondsFromGMT: 0) ?? .current, random: { _ in 5 }))
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let main = WebClient.text(try await client.get("/"))
        #expect(main.contains("class=\"wordmark\""))
        #expect(main.contains("Recently added"))
        #expect(main.contains("Random bookmark</h2><a href=\"/bookmarks/3\""), "the injected random pick: the 6th newest")
        #expect(main.contains("data-deeplink=\"marks://bookmark?id=8&amp;url="))
        let tagPage = WebClient.text(try await client.get("/tags/none"))
        #expect(!tagPage.contains("class=\"wordmark\""))
        #expect(!tagPage.contains("Recently added"))
        #expect(!WebClient.text(try await client.get("/?unread=1")).contains("Recently added"))
    }

    @Test func theHomeCardsShowTheRecentPodcastsAndWrapOnWideScreens() async throws {
        let web = try await WebHarness.make(seed: 4, configure: { _, widgets, _ in
            let made = Date(timeIntervalSince1970: 1_750_000_000)
            try widgets.savePodcasts((1...4).map {
                WidgetSnapshot.PodcastItem(title: "Episode \($0)", url: "https://example.com/\($0)", durationSeconds: 60,
                                           createdAt: made.addingTimeInterval(Double($0)), played: $0 == 3)
            }, now: made)
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let main = WebClient.text(try await client.get("/"))
        #expect(main.contains("Recent podcasts</h2>"))
        #expect(main.contains("href=\"/podcasts/open?url=https%3A%2F%2Fexample.com%2F4\""), "newest first, to the episode's page")
        #expect(main.contains("Episode 3<span class=\"visually-hidden\"> (played)</span>"))
        #expect(!main.contains("Episode 1<"), "three podcasts, not four")
        #expect(String(decoding: WebAssets.shared.css.body, as: UTF8.self).contains(".cards{flex-wrap:wrap;overflow-x:visible"), "a desktop-wide list shows every card, none cut off at the edge")
    }

    @Test func searchHasScopesAndEchoesAQueryWithNoResults() async throws {
        let web = try await WebHarness.make { source in
            try await source.seed(6, title: { $0 == 2 ? "Swift concurrency" : "Other \($0)" }, tags: { $0 <= 3 ? ["lang"] : [] }, unread: { $0 == 3 })
        }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let empty = WebClient.text(try await client.get("/search"))
        #expect(empty.contains("Search syntax"))
        #expect(empty.contains("<details class=\"help\">"))
        #expect(empty.contains("id=\"mode-semantic\" aria-pressed=\"false\" disabled"))
        #expect(!empty.contains("class=\"rows\""))

        let all = WebClient.text(try await client.get("/search?q=swift&scope=all"))
        #expect(WebListTests.rowIDs(all) == [2])
        let typo = WebClient.text(try await client.get("/search?q=swfit"))
        #expect(typo.contains("No results for “swfit”"))
        let hostile = WebClient.text(try await client.get("/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E"))
        #expect(hostile.contains("No results for “&lt;script&gt;alert(1)&lt;/script&gt;”"))

        let unread = WebClient.text(try await client.get("/search?q=&scope=unread"))
        #expect(WebListTests.rowIDs(unread) == [3])
        let tagged = WebClient.text(try await client.get("/search?q=other&scope=tag&tag=lang"))
        #expect(WebListTests.rowIDs(tagged) == [3, 1])
        #expect(tagged.contains("id=\"scope-tag-name\" name=\"tag\" value=\"lang\" list=\"scope-tag-names\""), "a type-ahead, not a select")
        #expect(tagged.contains("<option value=\"lang\"></option>"))
        let noTag = WebClient.text(try await client.get("/search?q=other&scope=tag&tag="))
        #expect(noTag.contains("id=\"scope-all\" checked"), "a tag scope without a tag searches everything")
    }

    @Test func aSearchPageWhoseTagsCannotBeReadSaysSoInTheLog() async throws {
        let log = LogLines()
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.log = { log.append($0) }
        let web = try await WebHarness.make(seed: 2, cached: false, options: options)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        web.source.failLists(with: .unreachable(host: "links.example", reason: "connection refused"))
        let page = try await client.get("/search")
        #expect(page.status == 200)
        #expect(log.lines.contains { $0.hasPrefix("tag names for autocomplete unavailable") }, "\(log.lines)")
    }

    @Test func tagsAreCountedSortedAndFiltered() async throws {
        let web = try await WebHarness.make { source in
            try await source.seed(5, tags: { $0 <= 3 ? ["swift", "b-tag"] : ["a-tag"] })
        }
        defer { web.cleanUp() }
        try await web.library.setAIMetadata(id: 1, summary: "Summary", tags: ["ml"], engine: "test")
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/tags"))
        let order = ["#b-tag", "#swift", "#a-tag", "#ml"].map { page.range(of: "<span>\($0)</span>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "by count, then name")
        #expect(page.contains("4 tags"))
        #expect(page.contains("(1 AI)"))
        let filtered = WebClient.text(try await client.get("/tags?filter=SWI"))
        #expect(filtered.contains("#swift"))
        #expect(!filtered.contains("<span>#a-tag</span>"))
        #expect(WebClient.text(try await client.get("/tags?filter=zzz")).contains("No tags match “zzz”"))

        let tagPage = WebClient.text(try await client.get("/tags/swift"))
        #expect(WebListTests.rowIDs(tagPage) == [3, 2, 1])
        #expect(tagPage.contains("Tag <span class=\"tagname\">#swift</span>"))
    }

    @Test func theReaderShowsTheTextAndRemembersProgress() async throws {
        let web = try await WebHarness.make(seed: 2, reader: { url in
            guard url.hasSuffix("/1") else { throw FetchError.timeout(seconds: 10) }
            return ReadableArticle(url: url, title: "Article", paragraphs: ["First <paragraph>.", "Second."], wordCount: 920)
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(page.contains("<p>First &lt;paragraph&gt;.</p><p>Second.</p>"))
        #expect(page.contains("4 min read"))
        #expect(page.contains("data-progress=\"/bookmarks/1/progress\""))
        #expect(try await client.post("/bookmarks/1/progress", [("progress", "0.5")]).status == 204)
        #expect(try await client.post("/bookmarks/1/progress", [("progress", "2")]).status == 400)
        #expect(try await client.post("/bookmarks/1/progress", [("progress", "nan")]).status == 400)
        let list = WebClient.text(try await client.get("/"))
        #expect(list.contains("value=\"50\""))
        #expect(list.contains("4 min read"))
        let failed = WebClient.text(try await client.get("/bookmarks/2/read"))
        #expect(failed.contains("This page could not be read"))
        #expect(failed.contains("Open the original page"))
    }

    @Test func theBookmarkPageCarriesTheSameActions() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        try await web.library.setAIMetadata(id: 1, summary: "The AI summary.", tags: ["ai-tag"], engine: "test")
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/bookmarks/1"))
        for action in ["/bookmarks/1/read", "/bookmarks/1/edit", "/bookmarks/1/archive", "/bookmarks/1/delete", "target=\"_blank\"", "data-act=\"copy\""] {
            #expect(page.contains(action))
        }
        #expect(page.contains("The AI summary."))
        #expect(page.contains("data-leave=\"/\""))
    }
}

/// Lines a web app wrote to its log.
final class LogLines: Sendable {
    private let state = Mutex([String]())
    func append(_ line: String) { state.withLock { $0.append(line) } }
    var lines: [String] { state.withLock { $0 } }
}
