import Foundation
import HTTPServer
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// An Ask citation whose quote spans inline markup, in headless Chromium (issue 36 item 5): the reader of an archived
/// Sphinx page opens at the quoted words — across `<code>` and a link — marked and scrolled into view, the marked
/// text reading exactly as the quote, and no heading ends in "¶". A screenshot goes where the other browser tests
/// write theirs.
@Suite struct ReaderHighlightBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func aQuoteAcrossCodeAndALinkIsMarkedAndInView() async throws {
        let archived = try ArchivedPage(html: SphinxArticle.html, path: "/logging.html")
        _ = try await archived.archive.article(for: archived.url)
        await archived.site.stop()  // the reader reads the archived text
        let web = try await archived.harness()
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quote = SphinxArticle.highlightedSentence
        let query = quote.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""

        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 390, height: 640)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/bookmarks/1/read?highlight=\(query)#passage")
            try await browser.wait("the reader at the passage") { try await !browser.findAll(".reader-body mark#passage").isEmpty }
            let marked = "return Array.from(document.querySelectorAll('.reader-body mark.passage')).map(m => m.textContent).join('')"
            #expect(try await browser.run(marked) as? String == quote)
            #expect(try await browser.findAll(".reader-body p code mark.passage").count == 1, "the inline code is marked inside")
            #expect(try await browser.findAll(".reader-body p a mark.passage").count == 1, "the link is marked inside")
            #expect(try await browser.text(".reader-body p code") == "logging.basicConfig()", "the code element stays whole")
            let inView = "const r = document.querySelector('mark#passage').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"
            try await browser.wait("the passage scrolled into view") { try await browser.run(inView) as? Bool == true }
            let marksColoured = "return getComputedStyle(document.querySelector('.reader-body code mark.passage')).backgroundColor !== 'rgba(0, 0, 0, 0)'"
            #expect(try await browser.run(marksColoured) as? Bool == true, "the mark inside code is visibly highlighted")
            let headings = "return Array.from(document.querySelectorAll('.reader-body h2')).map(h => h.textContent).join('|')"
            let shown = try await browser.run(headings) as? String ?? ""
            #expect(shown.contains("Configuring the root logger") && !shown.contains("¶"), "\(shown)")
            #expect(try await browser.text(".reader-body").contains("¶") == false)
            try await browser.screenshot().write(to: folder.appendingPathComponent("reader-highlight-across-code-phone.png"))
        }
    }

    /// A citation of a table row far down the page, on a phone: the row is marked in both cells and the reader opens
    /// with it below the sticky header and toolbar (on a phone they stack up; `scroll-margin-top` must clear both).
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func aQuotedTableRowOpensMarkedBelowTheBarsOnAPhone() async throws {
        let archived = try ArchivedPage(html: SphinxLevelsPage.html, path: "/howto/logging.html")
        _ = try await archived.archive.article(for: archived.url)
        await archived.site.stop()  // the reader reads the archived text
        let web = try await archived.harness()
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quote = "ERROR: 40; A more serious problem: the software could not perform some function."
        let query = quote.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""

        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 390, height: 500)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/bookmarks/1/read?highlight=\(query)#passage")
            try await browser.wait("the reader at the passage") { try await !browser.findAll(".reader-body mark#passage").isEmpty }
            let marked = "return Array.from(document.querySelectorAll('.reader-body mark.passage')).map(m => m.textContent).join('|')"
            #expect(try await browser.run(marked) as? String == "ERROR|40|A more serious problem: the software could not perform some function.")
            let clear = """
                const m = document.querySelector('mark#passage'); const r = m.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + 2, r.top + 2);
                return scrollY > 0 && r.top >= 0 && r.bottom <= innerHeight && hit !== null && m.contains(hit)
                """
            try await browser.wait("the row scrolled into view below the bars") { try await browser.run(clear) as? Bool == true }
            try await browser.screenshot().write(to: folder.appendingPathComponent("reader-highlight-table-row-phone.png"))
        }
    }
}
