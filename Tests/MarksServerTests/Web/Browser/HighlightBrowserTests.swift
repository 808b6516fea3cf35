import Foundation
import HTTPServer
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import Testing
@testable import MarksServer

/// Highlights in headless Chromium (issue 37 item 4): words selected in the reader (across an `<em>`) are highlighted
/// with a note from the bar under the selection, drawn at once and, after a reload, drawn by the server and listed
/// with the note; from the keyboard alone, Shift+arrows select and `h` highlights; the page fetched again (its site
/// changed the page) keeps the first highlight placed and says the one whose words are gone can no longer be placed.
@Suite struct HighlightBrowserTests {
    final class SitePage: Sendable {
        let html: Mutex<String>
        init(_ html: String) { self.html = Mutex(html) }
    }

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func selectHighlightWithANoteReloadAndFetchAgain() async throws {
        let page = SitePage(HighlightWebTests.herons)
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(page.html.withLock { $0 }.utf8)))
        }
        let directory = try TemporaryDirectory(prefix: "marks-highlight-browser")
        defer { directory.cleanUp() }
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true)), now: { Date() })
        let url = site.baseURL.absoluteString + "/herons"
        let web = try await WebHarness.make(seed: 1, reader: { _ in try await archive.article(for: url) })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quote = "fly south along the river valleys"
        let marked = "return Array.from(document.querySelectorAll('.reader-body mark.hl[data-hl=\"' + arguments[0] + '\"]')).map(m => m.textContent).join('')"

        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 390, height: 844)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/bookmarks/1/read")
            try await browser.wait("the reader") { try await !browser.findAll(".reader-body p em").isEmpty }

            // Select the words from "fly" to the end of the emphasis, as a finger or the mouse would.
            _ = try await browser.run("""
                const p = document.querySelector('.reader-body p'), first = p.firstChild, em = p.querySelector('em').firstChild;
                const r = document.createRange();
                r.setStart(first, first.data.indexOf('fly'));
                r.setEnd(em, em.data.length);
                getSelection().removeAllRanges(); getSelection().addRange(r);
                """)
            try await browser.wait("the Highlight bar under the selection") { try await browser.run("return !document.getElementById('hl-bar').hidden") as? Bool == true }
            try await browser.screenshot().write(to: folder.appendingPathComponent("highlight-bar-phone.png"))
            try await browser.tap("#hl-make-note")  // a finger, as on a phone (real touch pointer actions)
            try await browser.wait("the note field") { try await browser.run("return document.activeElement.id") as? String == "hl-note-text" }
            try await browser.type("Herons travel by night.", into: "#hl-note-text", clear: false)
            try await browser.tap("#hl-save")
            try await browser.wait("drawn at once") { try await browser.run(marked, ["1"]) as? String == quote }
            try await browser.wait("listed with its note") { try await browser.findAll("#hl-list .hl-item .hl-note").count == 1 }

            // Reloaded: the server draws it, across the emphasis, and lists the note.
            try await browser.open(base + "/bookmarks/1/read")
            try await browser.wait("the reader again") { try await !browser.findAll(".reader-body mark.hl").isEmpty }
            #expect(try await browser.run(marked, ["1"]) as? String == quote)
            #expect(try await browser.findAll(".reader-body em mark.hl").count == 1, "the emphasis is marked inside")
            #expect(try await browser.text("#hl-item-1 .hl-note") == "Herons travel by night.")
            let coloured = "return getComputedStyle(document.querySelector('.reader-body mark.hl')).backgroundColor !== 'rgba(0, 0, 0, 0)'"
            #expect(try await browser.run(coloured) as? Bool == true)

            // The keyboard alone: Shift+Right selects from the first words in view, h highlights.
            _ = try await browser.run("getSelection().removeAllRanges(); document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
            try await browser.keys(holding: "\u{E008}", String(repeating: "\u{E014}", count: 11))
            try await browser.wait("the bar for a keyboard selection") { try await browser.run("return !document.getElementById('hl-bar').hidden") as? Bool == true }
            let selected = try await browser.run("return getSelection().toString()") as? String ?? ""
            let letters = { (text: String) in text.filter { !$0.isWhitespace } }
            #expect(!letters(selected).isEmpty && letters(selected).count <= 11, "\(selected)")
            try await browser.keys("h")
            try await browser.wait("a second highlight") { try await browser.findAll("#hl-list .hl-item").count == 2 }
            #expect(letters(try await browser.run(marked, ["2"]) as? String ?? "") == letters(selected))

            // The site changes the page and it is fetched again: the first is still placed, the second's words are gone.
            page.html.withLock {
                $0 = HighlightWebTests.article("""
                    <p>Updated.</p><p>Every autumn the herons fly south along the <em>river valleys</em> by night.</p>
                    """)
            }
            try await archive.refetch(url)
            try await browser.open(base + "/bookmarks/1/read")
            try await browser.wait("the reader of the new text") { try await browser.text(".reader-body").contains("Updated.") }
            #expect(try await browser.run(marked, ["1"]) as? String == quote, "still there")
            #expect(try await browser.findAll("#hl-item-2.hl-unplaced .hl-lost").count == 1, "said to be unplaced")
            try await browser.screenshot().write(to: folder.appendingPathComponent("highlight-reader-phone.png"))

            // Found again: in the Highlights view with its note, by a word of the note in keyword search, and in the
            // Markdown download (front matter with the bookmark's title, the quote as a quote block, the note).
            try await browser.click("#tabbar a[data-tab=\"more\"]")
            try await browser.wait("More") { try await URL(string: browser.currentURL)?.path == "/more" }
            try await browser.click("main a[href=\"/highlights\"]")
            try await browser.wait("the Highlights view") { try await URL(string: browser.currentURL)?.path == "/highlights" }
            try await browser.wait("the highlight with its note") {
                let text = try await browser.text("main")
                return text.contains(quote) && text.contains("Herons travel by night.")
            }
            try await browser.screenshot().write(to: folder.appendingPathComponent("highlights-view-phone.png"))
            try await browser.type("travel\u{E007}", into: "#hl-q")
            try await browser.wait("searched in the view") { try await browser.currentURL.contains("q=travel") }
            #expect(try await browser.text("main").contains("Herons travel by night."))
            try await browser.open(base + "/search?q=travel")
            try await browser.wait("keyword search finds the highlight through its note") {
                try await !browser.findAll(".hl-item[id^='hl-result-'] a[href^='/bookmarks/1/read#hl-']").isEmpty
            }
            let markdown = try await browser.run("return fetch('/highlights/export').then(r => r.text())") as? String ?? ""
            #expect(markdown.hasPrefix("---\n"), "front matter first: \(markdown.prefix(200))")
            #expect(markdown.contains("> \(quote)") && markdown.contains("Herons travel by night."), "\(markdown.prefix(600))")
        }
        await site.stop()
    }
}
