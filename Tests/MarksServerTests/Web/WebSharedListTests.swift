import Foundation
import MarksCore
import Testing
@testable import MarksServer

/// linkding's shared list in the web app: `/?show=shared` lists only the bookmarks marked shared, with their count,
/// through "Load more" and on a tag's page; the filter offers it; a row says Shared as the bookmark's page does.
@Suite struct WebSharedListTests {
    @Test func theSharedListHoldsOnlySharedBookmarksWithTheirCount() async throws {
        let web = try await WebHarness.make { source in
            try await source.seed(130, tags: { $0 % 20 == 0 ? ["twenty"] : [] })
        }
        defer { web.cleanUp() }
        let shared = Array(stride(from: 2, through: 130, by: 2))  // 65 shared: more than one page of 50
        for id in shared { _ = try await web.library.update(id: id, BookmarkUpdate(shared: true)) }
        var client = try await web.signedIn()

        let first = WebClient.text(try await client.get("/?show=shared"))
        #expect(first.contains("id=\"count\">65 bookmarks</span>"))
        #expect(WebListTests.rowIDs(first) == Array(stride(from: 130, through: 32, by: -2)))
        #expect(first.contains("aria-current=\"page\">Shared</a>"), "the filter says where the list is")
        let links = try #require(WebListTests.moreLinks(first))
        #expect(links.page.contains("show=shared"))
        let rest = WebClient.text(try await client.get(links.fragment))
        #expect(WebListTests.rowIDs(rest) == Array(stride(from: 30, through: 2, by: -2)))

        let tagged = WebClient.text(try await client.get("/tags/twenty?show=shared"))
        #expect(WebListTests.rowIDs(tagged) == [120, 100, 80, 60, 40, 20], "a tag's page keeps the shared filter")

        let all = WebClient.text(try await client.get("/"))
        #expect(all.contains("href=\"/?show=shared\">Shared</a>"), "the filter offers the shared list")
        #expect(all.contains("id=\"count\">130 bookmarks</span>"))
        let row130 = try #require(all.components(separatedBy: "id=\"b130\"").dropFirst().first?.components(separatedBy: "</li>").first)
        let row129 = try #require(all.components(separatedBy: "id=\"b129\"").dropFirst().first?.components(separatedBy: "</li>").first)
        #expect(row130.contains("<span class=\"badge\">Shared</span>"), "a shared row says so")
        #expect(!row129.contains("Shared"))
        let page = WebClient.text(try await client.get("/bookmarks/130"))
        #expect(page.contains("<span class=\"badge\">Shared</span>"), "as the bookmark's page does")
    }

    @Test func anEmptySharedListSaysWhatItIs() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/?show=shared"))
        #expect(page.contains("Nothing shared"))
        #expect(WebListTests.rowIDs(page).isEmpty)
        #expect(page.contains("id=\"count\">0 bookmarks</span>"))
    }
}
