import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
@testable import MarksServer
import Testing

/// Collections as compact cards (name, count, three sample titles) that open a list page of their bookmarks,
/// instead of every member's full row on one page.
@Suite struct WebCollectionCardsTests {
    static func bookmark(_ id: Int) -> Bookmark {
        Bookmark(id: id, url: "https://example.com/\(id)", title: "Title <\(id)>", dateAdded: Date(timeIntervalSince1970: 1_700_000_000),
                 dateModified: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aCardShowsTheNameTheCountAndThreeSampleTitles() {
        let card = String(decoding: CollectionsPage.card(name: "Swift Things", bookmarks: [4, 2, 9, 7].map(Self.bookmark)).bytes, as: UTF8.self)
        #expect(card.contains("<h2>Swift Things</h2>"))
        #expect(card.contains("4 bookmarks"))
        #expect(card.contains("<li>Title &lt;4&gt;</li><li>Title &lt;2&gt;</li><li>Title &lt;9&gt;</li></ul>"))
        #expect(!card.contains("Title &lt;7&gt;"))
        #expect(!card.contains("class=\"row"), "no full rows on the tab")
        #expect(card.contains("href=\"/collections/view?name=Swift%20Things&amp;ids=4,2,9,7\"")
                || card.contains("href=\"/collections/view?name=Swift+Things&amp;ids=4%2C2%2C9%2C7\"")
                || card.contains("ids=4%2C2%2C9%2C7"), "\(card)")
    }

    @Test func theCollectionPageListsItsBookmarksInOrder() async throws {
        let web = try await WebHarness.make(seed: 4)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/collections/view?name=Picked&ids=3,1,99,x,3"))
        #expect(page.contains("<h1>Picked</h1>"))
        #expect(WebListTests.rowIDs(page) == [3, 1], "unknown and repeated ids are left out")
        #expect(page.contains("2 bookmarks"))
    }
}
