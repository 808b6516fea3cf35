import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// The reader reads through the page-text archive, as `marks serve` composes it: the first read fetches and
/// archives the page, later reads show the archived text with the site gone (offline), structure kept.
@Suite struct ArchivedReaderWebTests {
    @Test func aPageReadOnceReadsAgainWithTheSiteGone() async throws {
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data("""
                <html><head><title>Heron migration</title></head><body><article><h1>Heron migration</h1>
                <p>Grey herons leave the northern lakes in October and fly south along the river valleys.</p>
                <h2>Nesting</h2><p>They nest in tall reeds and return to the same colony every spring.</p></article></body></html>
                """.utf8)))
        }
        let directory = try TemporaryDirectory(prefix: "marks-archived-reader")
        defer { directory.cleanUp() }
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true)), now: { Date() })
        let page = site.baseURL.absoluteString + "/herons"
        // Every seeded bookmark reads the one stand-in page (their own URLs are not reachable here).
        let web = try await WebHarness.make(seed: 1, reader: { _ in try await archive.article(for: page) })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let first = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(first.contains("<h2>Nesting</h2>"))
        #expect(first.contains("Grey herons leave the northern lakes"))
        await site.stop()
        let offline = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(offline.contains("<h2>Nesting</h2>"))
        #expect(offline.contains("They nest in tall reeds"))
        #expect(site.requests.count == 1, "fetched once")
    }

    /// The reader of an archived Sphinx page opened as an Ask citation opens it: the quoted sentence runs across
    /// `<code>` and a link and is marked anyway, each text node in its own `<mark>` (the markup stays whole, the
    /// first one is `#passage`); the headings carry no "¶".
    @Test func aQuoteAcrossInlineMarkupIsHighlightedAndHeadingsHaveNoPilcrow() async throws {
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(SphinxArticle.html.utf8)))
        }
        let directory = try TemporaryDirectory(prefix: "marks-archived-reader")
        defer { directory.cleanUp() }
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true)), now: { Date() })
        let page = site.baseURL.absoluteString + "/logging.html"
        let web = try await WebHarness.make(seed: 1, reader: { _ in try await archive.article(for: page) })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let quote = SphinxArticle.highlightedSentence + " The call attaches a handler that writes to standard error and sets the format of every line."
        let query = quote.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let html = WebClient.text(try await client.get("/bookmarks/1/read?highlight=\(query)"))
        #expect(html.contains(#"<mark class="passage" id="passage">The simplest way to configure it is to call </mark><code><mark class="passage">logging.basicConfig()</mark></code>"#), "\(html)")
        #expect(html.contains(#"<a href=""#) && html.contains(#"><mark class="passage">the tutorial</mark></a><mark class="passage"> shows.</mark> <mark class="passage">The call attaches a handler"#))
        #expect(html.components(separatedBy: #"id="passage""#).count == 2, "one anchor")
        #expect(!html.contains("¶"))
        #expect(html.contains("<h2>Configuring the root logger</h2>"))
        let plain = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(!plain.contains("<mark"), "nothing is marked without a quote")
        await site.stop()
    }
}
