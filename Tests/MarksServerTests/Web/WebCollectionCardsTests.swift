import Foundation
import HTTPServer
import MarksCore
import SQLiteDatabase
import MarksTestSupport
import MarksIndex
import MarksBookmarks
@testable import MarksServer
import Testing

/// Collections as compact cards (name, count, three sample titles) that open the collection's own page at a short,
/// stable address (`/collections/<id>`, issue 37 item 10: the old link carried every member id), instead of every
/// member's full row on one page.
@Suite struct WebCollectionCardsTests {
    static func bookmark(_ id: Int) -> Bookmark {
        Bookmark(id: id, url: "https://example.com/\(id)", title: "Title <\(id)>", dateAdded: Date(timeIntervalSince1970: 1_700_000_000),
                 dateModified: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aCardShowsTheNameTheCountAndThreeSampleTitles() {
        let saved = SavedCollection(id: 12, name: "Swift Things", description: "", renamed: false, bookmarkIDs: [4, 2, 9, 7])
        let card = String(decoding: CollectionsPage.card(.init(collection: saved, samples: [4, 2, 9].map(Self.bookmark))).bytes, as: UTF8.self)
        #expect(card.contains("<h2>Swift Things</h2>"))
        #expect(card.contains("4 bookmarks"))
        #expect(card.contains("<li>Title &lt;4&gt;</li><li>Title &lt;2&gt;</li><li>Title &lt;9&gt;</li></ul>"))
        #expect(!card.contains("Title &lt;7&gt;"))
        #expect(!card.contains("class=\"row"), "no full rows on the tab")
        #expect(card.contains("href=\"/collections/12\""), "\(card)")
    }

    @Test func theCollectionPageListsItsBookmarksInOrderAndOldLinksGoToTheTab() async throws {
        var store: CollectionStore?
        let web = try await WebHarness.make(seed: 4, configure: { _, _, options in store = options.collections?.store })
        defer { web.cleanUp() }
        let collections = try #require(store)
        try collections.replace(with: [SmartCollection(name: "Picked <one>", description: "3 bookmarks; rust in 100% of titles and tags.", bookmarkIDs: [3, 1, 99])], generation: 1)
        let id = try #require(try collections.all().first?.id)
        var client = try await web.signedIn()
        let tab = WebClient.text(try await client.get("/collections"))
        #expect(tab.contains("href=\"/collections/\(id)\""))
        let page = WebClient.text(try await client.get("/collections/\(id)"))
        #expect(page.contains("<h1 id=\"collection-name\">Picked &lt;one&gt;</h1>"))
        #expect(WebListTests.rowIDs(page) == [3, 1], "a bookmark that is gone is left out")
        #expect(page.contains("2 bookmarks"))
        #expect(page.contains("<p class=\"hint\" id=\"collection-description\">Rust in 100% of titles and tags.</p>"), "\(page)")
        #expect(!page.contains("3 bookmarks"), "the count is said once, by the count line (it is 2 now: one member is gone)")
        let old = try await client.get("/collections/view?name=Picked&ids=3,1,99")
        #expect(old.status == 303 || old.status == 302)
        #expect(old.headers["Location"] == "/collections")
        #expect(try await client.get("/collections/\(id + 1)").status == 404)
    }

    /// A large collection comes a page at a time (the walk library's biggest had 412 members: one 300 KB page).
    @Test func aLongCollectionLoadsMoreAPageAtATime() async throws {
        var store: CollectionStore?
        let web = try await WebHarness.make(seed: 4, options: WebOptions(undoSeconds: 6, pageSize: 2, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
                                            configure: { _, _, options in store = options.collections?.store })
        defer { web.cleanUp() }
        let collections = try #require(store)
        try collections.replace(with: [SmartCollection(name: "Four", description: "", bookmarkIDs: [4, 3, 2, 1])], generation: 1)
        let id = try #require(try collections.all().first?.id)
        var client = try await web.signedIn()
        let first = WebClient.text(try await client.get("/collections/\(id)"))
        #expect(WebListTests.rowIDs(first) == [4, 3])
        #expect(first.contains("4 bookmarks"))
        #expect(first.contains("href=\"/collections/\(id)?offset=2\""), "\(first)")
        let rest = WebClient.text(try await client.get("/collections/\(id)?offset=2&fragment=1"))
        #expect(WebListTests.rowIDs(rest) == [2, 1])
        #expect(rest.contains("That is all."))
        #expect(!rest.contains("<h1"), "a fragment, not a page")
    }

    /// Issue 37 item 10: the tab shows no engine status ("Engine: offline (model …) — ready"), and before enough
    /// bookmarks are indexed it says when collections appear and what to do.
    /// Found after a first import: the refresh at start read no vectors, so once the import's bookmarks were indexed the
    /// tab said "your bookmarks do not form groups" for the minute until the refresh queued by the vector run.
    @Test func afterNewVectorsTheTabSaysTheCollectionsAreComingNotThatThereAreNone() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-collections-coming")
        defer { directory.cleanUp() }
        let index = try SearchIndex(path: directory.file("index.sqlite").path, dimension: 64)
        let store = try CollectionStore(database: try Database(path: directory.file("collections.sqlite").path), now: { Date() })
        try store.replace(with: [], generation: try index.collectionGeneration())  // the refresh at start: nothing indexed
        let words = TestEmbedder(dimension: 64)
        try index.upsert((1...30).map { id in
            Bookmark(id: id, url: "https://example.com/\(id)", title: "Page \(id) about topic \(id % 3)",
                     dateAdded: Date(timeIntervalSince1970: 1_700_000_000), dateModified: Date(timeIntervalSince1970: 1_700_000_000))
        })
        _ = try await VectorIndexer(index: index) { IndexEmbedder(dimension: 64) { $0.map(words.vector) } }.run()
        let refresh = CollectionRefresh(store: store, index: index)
        #expect(try refresh.indexedBookmarks() == 30)
        #expect(try !refresh.isCurrent())
        let web = try await WebHarness.make(seed: 4, configure: { _, _, options in options.collections = refresh })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let coming = WebClient.text(try await client.get("/collections"))
        #expect(coming.contains("Your collections are being made"), "\(coming)")
        #expect(!coming.contains("do not form groups"))

        _ = try await refresh.refresh()
        #expect(try refresh.isCurrent())
        let after = WebClient.text(try await client.get("/collections"))
        #expect(!after.contains("Your collections are being made"), "made now: listed, or none found")
    }

    @Test func beforeThereAreCollectionsTheTabSaysWhatToDo() async throws {
        let web = try await WebHarness.make(seed: 4)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let tab = WebClient.text(try await client.get("/collections"))
        #expect(!tab.contains("Engine:"))
        #expect(!tab.contains("id=\"engine\""))
        #expect(tab.contains("Collections appear once \(CollectionRefresh.minimumBookmarks) bookmarks are indexed"), "\(tab)")
        #expect(tab.contains("0 are indexed so far"))
    }
}
