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

/// Marks is where you read (issue 37 item 1): by default a row's title opens the reader when the page's text is kept
/// (a real archive of a page served on loopback), the original page otherwise; the setting "The original page" sends
/// every title there. New saves from the Add form (and the share page, which is the same form) start as unread unless
/// the setting says otherwise or the link says `unread=0`.
@Suite struct WebReaderFirstTests {
    /// A page archive in `directory` holding one article (a Sphinx page fetched from a site on loopback that is gone
    /// afterwards), and the article's address.
    static func keptArticle(in directory: TemporaryDirectory) async throws -> (archive: PageArchive, url: String) {
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(SphinxArticle.html.utf8)))
        }
        let archive = try PageArchive(database: try Database(path: directory.file("archive.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy(timeout: .seconds(120), allowInternalAddresses: true)), now: { Date() })
        let kept = site.baseURL.absoluteString + "/logging.html"
        _ = try await archive.article(for: kept)
        await site.stop()
        return (archive, kept)
    }

    @Test func aKeptPageOpensInTheReaderAndNewSavesAreUnread() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-reader-first")
        defer { directory.cleanUp() }
        let (archive, kept) = try await Self.keptArticle(in: directory)
        let web = try await WebHarness.make(seed: 2, configure: { _, _, options in
            options.archivedPages = { try archive.storedURLs(among: $0) }
        })
        defer { web.cleanUp() }
        let saved = try await web.library.add(AddBookmarkRequest(url: kept, title: "Logging HOWTO"))
        var client = try await web.signedIn()

        let list = WebClient.text(try await client.get("/"))
        #expect(list.contains("<a href=\"/bookmarks/\(saved.bookmark.id)/read\">Logging HOWTO</a>"), "the kept page opens in the reader")
        #expect(list.contains("data-url=\"\(kept)\""), "the row still carries the original for New tab and Copy link")
        let other = try #require(try await web.library.load(LibraryFilter(limit: 10)).bookmarks.first { $0.url != kept })
        #expect(list.contains("<a href=\"\(other.url)\">"), "a page whose text is not kept opens the original")
        #expect(!list.contains("href=\"/bookmarks/\(other.id)/read\">"))

        let add = WebClient.text(try await client.get("/add"))
        #expect(add.contains("name=\"unread\" value=\"1\" checked>"), "Read later is ticked for a new save")
        #expect(WebClient.text(try await client.get("/add?unread=0")).contains("name=\"unread\" value=\"1\">"), "a link may say read")
        let settings = WebClient.text(try await client.get("/settings"))
        #expect(settings.contains("id=\"title-opens-reader\" checked>"), "the reader is the default")
        #expect(settings.contains("name=\"newSavesUnread\" value=\"1\" checked>"))

        _ = try await client.post("/settings/reading", [("markReadAtEnd", "1"), ("titleOpens", "page")])
        let original = WebClient.text(try await client.get("/"))
        #expect(original.contains("<a href=\"\(kept)\">Logging HOWTO</a>"), "the setting sends every title to the original page")
        #expect(WebClient.text(try await client.get("/add")).contains("name=\"unread\" value=\"1\">"), "with the setting off, a new save is read")
        #expect(WebClient.text(try await client.get("/add?unread=1")).contains("name=\"unread\" value=\"1\" checked>"))
    }
}
