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
        let archived = try ArchivedPage(html: SphinxArticle.html, path: "/logging.html")
        let site = archived.site
        let web = try await archived.harness()
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

    /// An Ask citation that quotes a table row ("DEBUG: Detailed information…", as passages join a row's cells) opens the
    /// reader with both cells marked: the reader reads a row as one block, and the ":" the passage put between the cells
    /// may be missing from the page.
    @Test func aQuotedTableRowIsHighlightedAcrossItsCells() async throws {
        let archived = try ArchivedPage(html: SphinxLevelsPage.html, path: "/howto/logging.html")
        let site = archived.site
        let web = try await archived.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let query = SphinxLevelsPage.debugRow.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let html = WebClient.text(try await client.get("/bookmarks/1/read?highlight=\(query)"))
        #expect(html.contains(#"<mark class="passage" id="passage">DEBUG</mark>"#), "\(html)")
        #expect(html.contains(#"<mark class="passage">Detailed information, typically of interest"#))
        #expect(html.components(separatedBy: #"id="passage""#).count == 2, "one anchor")
        #expect(!html.contains(#"<mark class="passage">INFO"#), "only the quoted row")
        #expect(!html.contains("</td><mark") && !html.contains("</tr><mark"), "the white space between cells is not marked: a mark there is not valid HTML")
        await site.stop()
    }

    /// The reader keeps everything of a Sphinx reference page (issue 37 item 7): the table cells holding only a link
    /// (with the link and its code), no "¶" after the headings, the code block and the wide table keyboard-scrollable.
    @Test func aSphinxReferencePageKeepsItsLinkOnlyCellsAndShowsNoPilcrow() async throws {
        let archived = try ArchivedPage(html: SphinxReferencePage.html, path: "/library/logging.html")
        let (site, archive, page) = (archived.site, archived.archive, archived.url)
        let web = try await archived.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let html = WebClient.text(try await client.get("/bookmarks/1/read"))
        await site.stop()
        #expect(!html.contains("¶"))
        #expect(html.contains("<h2>Module-level functions</h2>"))
        for name in SphinxReferencePage.functions {
            let anchor = page + "#logging." + name.dropLast(2)
            #expect(html.contains("<td><p><a href=\"\(anchor)\" title=\"logging.\(name.dropLast(2))\" rel=\"noopener noreferrer nofollow\"><code>\(name)</code></a></p></td>"),
                    "\(name)")
        }
        for name in SphinxReferencePage.modules {
            #expect(html.contains("<td><a href=\"https://docs.python.org/3/library/\(name).html\" rel=\"noopener noreferrer nofollow\"><code>\(name)</code></a></td>"))
        }
        #expect(html.components(separatedBy: "<table tabindex=\"0\">").count == 3, "both tables, each a tab stop")
        #expect(html.contains("<pre tabindex=\"0\">"))
        let text = try #require(try archive.text(url: page))
        #expect(!text.blocks.contains { $0.text.contains("¶") }, "the stored text search and Ask read has none either")
        #expect(text.blocks.contains {
            $0.text == "getLogger(): Return a logger with the specified name or, if no name is specified, the root logger of the hierarchy."
        }, "the link-only cell reads with its row")
    }
}
