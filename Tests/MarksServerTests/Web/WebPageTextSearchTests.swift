import Foundation
import HTTPServer
import MarksBookmarks
import MarksCore
import MarksIndex
import MarksServer
import MarksTestSupport
import Testing

/// The Search tab's keyword mode also finds the words in archived pages: below linkding's results, the bookmarks whose
/// page (not their fields) holds every word, each with the words around the match; a query with tags or operators
/// is linkding's alone.
@Suite struct WebPageTextSearchTests {
    final class Calls: @unchecked Sendable {
        let lock = NSLock()
        var seen: [(String, SearchFilter)] = []
        func record(_ call: (String, SearchFilter)) { lock.withLock { seen.append(call) } }
        var all: [(String, SearchFilter)] { lock.withLock { seen } }
    }

    static func page(_ text: String) -> SearchIndex.PageTexts {
        SearchIndex.PageTexts(versions: { urls in Dictionary(uniqueKeysWithValues: urls.map { ($0, "1") }) },
                              text: { _ in ("1", [PassageBlock(.paragraph, text)]) })
    }

    @Test func keywordModeListsPageMatchesWithTheirSnippets() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-pages")
        defer { directory.cleanUp() }
        // A real index, as `marks serve` wires it (CompositionRoot+Serve: a keyword `SearchRequest`, every word).
        let index = try SearchIndex(path: directory.file("index.sqlite").path, dimension: 8)
        let service = SearchService(index: index, embedder: LazyEmbedder { IndexEmbedder(dimension: 8) { $0.map { _ in [Float](repeating: 0, count: 8) } } })
        let calls = Calls()
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.pageTextSearch = { words, filter in
            calls.record((words, filter))
            return try await service.search(SearchRequest(text: words, mode: .keyword, filter: filter, limit: 50, everyWord: true,
                                                          pagesOnly: true))
        }
        let web = try await WebHarness.make(seed: 3, options: options)
        defer { web.cleanUp() }
        let bookmarks = try await web.library.load(LibraryFilter(limit: 10)).bookmarks
        let byTitle = Dictionary(uniqueKeysWithValues: bookmarks.map { ($0.title, $0.id) })
        let first = try #require(byTitle["Bookmark number 1"]), second = try #require(byTitle["Bookmark number 2"])
        // The first one's AI summary repeats its page, as an offline summary of an archived page does: the words match
        // better there than in the page, and the bookmark must still be listed with its page's snippet.
        try index.upsert(bookmarks.map { bookmark in
            var bookmark = bookmark
            if bookmark.id == first { bookmark.aiSummary = "Feed the sourdough starter with rye." }
            return bookmark
        })
        try index.syncPageTexts(ids: [first], from: Self.page("Feed the sourdough starter <b>twice</b> a day with rye."))
        try index.syncPageTexts(ids: [second], from: Self.page("A number of rye breads, and no starter."))
        var client = try await web.signedIn()

        let found = WebClient.text(try await client.get("/search?q=sourdough+rye"))
        #expect(found.contains("No title, description, notes or tags match."))
        #expect(found.contains("id=\"page-results\""))
        #expect(found.contains("<mark>sourdough</mark> starter &lt;b&gt;twice&lt;/b&gt; a day with <mark>rye</mark>"))
        #expect(found.contains("id=\"b\(first)\""))
        #expect(!found.contains("id=\"b\(second)\""), "every word must be on the page")
        #expect(calls.all.last?.0 == "sourdough rye")

        // A bookmark linkding's search lists already is not listed again; the scope reaches the index.
        let listed = WebClient.text(try await client.get("/search?q=number"))
        #expect(listed.contains("id=\"b\(second)\""))
        #expect(!listed.contains("id=\"page-results\""))
        #expect(calls.all.last?.0 == "number")
        _ = try await client.get("/search?q=sourdough&scope=unread")
        #expect(calls.all.last?.1 == SearchFilter(unreadOnly: true))

        // Tags, `!unread` and operators are linkding's query language: the pages are not searched.
        let before = calls.all.count
        for query in ["%23bread+sourdough", "sourdough+or+rye", "!unread+sourdough", "not+rye"] {
            _ = try await client.get("/search?q=\(query)")
        }
        #expect(calls.all.count == before)
    }
}
