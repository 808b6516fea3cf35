import Foundation
import MarksTestSupport
import Testing
@testable import HTMLExtraction

/// A table keeps every cell, a cell holding only a link too (issue 37 item 7): Sphinx writes a reference table's first
/// column as `<td><p><a><code>name</code></a></p></td>`, whose paragraph is all link, and the sanitiser took it for a
/// link list (page furniture) and dropped it, leaving a row of descriptions without their names.
@Suite struct TableCellTests {
    static let page = URL(string: "https://docs.example/library/logging.html")!  // safe: a fixed literal

    /// The text of each `td` in order.
    private func cells(_ tokens: [ArticleToken]) -> [String] {
        var cells: [String] = []
        var depth = 0
        var text = ""
        for token in tokens {
            switch token {
            case .start(.td, _):
                depth += 1
                text = ""
            case .end(.td):
                depth -= 1
                cells.append(text)
            case .text(let words) where depth > 0:
                text += words
            default:
                break
            }
        }
        return cells
    }

    @Test func linkOnlyCellsAndTheirLinksAreKept() throws {
        let article = try HTMLDocument(html: SphinxReferencePage.html, url: Self.page).article()
        let texts = cells(article.tokens)
        for name in SphinxReferencePage.functions + SphinxReferencePage.modules {
            #expect(texts.contains(name), "\(name) in \(texts)")
        }
        #expect(texts.count == 10, "every cell: \(texts)")
        // The cell keeps its link (resolved against the page) and its code.
        let link = ArticleToken.start(.a, [ArticleAttribute(.href, "https://docs.example/library/logging.html#logging.getLogger"),
                                           ArticleAttribute(.title, "logging.getLogger")])
        let index = try #require(article.tokens.firstIndex(of: link))
        #expect(Array(article.tokens[index...].prefix(4)) == [link, .start(.code, []), .text("getLogger()"), .end(.code)])
        #expect(article.tokens.contains(.start(.a, [ArticleAttribute(.href, "https://docs.python.org/3/library/logging.config.html")])))
    }

    @Test func aParagraphOfLinksOutsideATableIsStillFurniture() throws {
        let filler = String(repeating: "This paragraph carries enough words, commas, and sentences to count as article text. ", count: 4)
        let html = """
            <html><body><article><p>\(filler)</p><p><a href="/a">Home</a> <a href="/b">About</a> <a href="/c">Contact</a></p>
            <table><tr><td><p><a href="/d">Reference</a></p></td><td>A described thing.</td></tr></table></article></body></html>
            """
        let article = try HTMLDocument(html: html, url: Self.page).article()
        let text = article.tokens.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
        #expect(!text.contains("Contact"), "\(text)")
        #expect(cells(article.tokens) == ["Reference", "A described thing."])
    }

    @Test func thePermalinksOfThePageAreGone() throws {
        let document = try HTMLDocument(html: SphinxReferencePage.html, url: Self.page)
        let text = document.article().tokens.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
        #expect(!text.contains("¶"))
        #expect(text.contains("Module-level functions"))
        // The readable text (summaries, podcasts) has none either; it is prose, so it leaves link-only blocks out as before
        // (search and Ask cut their passages from the article's tokens, which keep the cells).
        #expect(!document.readableText().text.contains("¶"))
        #expect(document.readableText().text.contains("Module-level functions"))
    }
    /// Found reading Python's logging HOWTO: its table's first row says to use `print()`, whose text is the furniture
    /// phrase "print" once its brackets are gone, so the cell came out empty. Code is never furniture; a "Print" button
    /// still is.
    @Test func codeThatSpellsAFurniturePhraseIsKept() throws {
        let filler = String(repeating: "This paragraph carries enough words, commas, and sentences to count as article text. ", count: 4)
        let html = """
            <html><body><article><p>\(filler)</p><p><a href="javascript:print()">Print</a></p><table>\
            <tr><td><p>Display console output for ordinary usage of a command line script or program</p></td>\
            <td><p><a class="reference internal" href="../library/functions.html#print" title="print"><code class="xref py py-func docutils \
            literal notranslate"><span class="pre">print()</span></code></a></p></td></tr></table><p>Share</p></article></body></html>
            """
        let document = try HTMLDocument(html: html, url: Self.page)
        let article = try document.article()
        #expect(cells(article.tokens) == ["Display console output for ordinary usage of a command line script or program", "print()"])
        let text = article.tokens.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
        #expect(!text.contains("Print") && !text.contains("Share"), "the furniture still goes: \(text)")
        #expect(HTMLDocument.isFurniture("Print", key: "print"))
        #expect(!HTMLDocument.isFurniture("print()", key: "print"))
    }
}
