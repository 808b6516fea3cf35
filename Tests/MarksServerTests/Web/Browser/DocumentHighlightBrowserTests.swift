import Foundation
import MarksDocuments
import MarksTestSupport
import Testing
@testable import MarksServer

/// Highlights on a document's text in headless Chromium (issue 37 item 4, "or a document's text"), on a phone in the
/// dark theme: words of a source's re-flowed text selected (as a finger or the mouse would), highlighted with a note
/// from the bar under the selection, drawn at once; after a reload drawn by the server and listed with the note; a
/// second one from the keyboard alone (Shift+arrows, h); then found in the Highlights view (through More) as a
/// source's, whose link opens the text at the highlight. axe-core on the source's page with its highlight and on the
/// Highlights view: no serious violation.
@Suite struct DocumentHighlightBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func selectHighlightWithANoteReloadAndFindItInHighlights() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        let added = try await h.library.addText(DocumentHighlightWebTests.text, title: "Monotreme notes")
        let id = added.summary.id.uuidString.lowercased()
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quote = "delivered by a spur on the hind leg"
        let marked = "return Array.from(document.querySelectorAll('#source-text mark.hl')).map(m => m.textContent).join('')"
        var serious: [String] = []

        try await WebDriver.serving(h.web) { browser, base in
            try await browser.resize(width: 390, height: 844)
            try await browser.emulateColorScheme("dark")
            try await browser.open(try h.web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/sources/\(id)")
            try await browser.wait("the source's text") { try await !browser.findAll("#source-text p").isEmpty }

            _ = try await browser.run("""
                const node = document.querySelector('#source-text p').firstChild, at = node.data.indexOf(arguments[0]);
                const r = document.createRange();
                r.setStart(node, at);
                r.setEnd(node, at + arguments[0].length);
                getSelection().removeAllRanges(); getSelection().addRange(r);
                """, [quote])
            try await browser.wait("the Highlight bar under the selection") { try await browser.run("return !document.getElementById('hl-bar').hidden") as? Bool == true }
            try await browser.click("#hl-make-note")
            try await browser.wait("the note field") { try await browser.run("return document.activeElement.id") as? String == "hl-note-text" }
            try await browser.type("Only the males have spurs.", into: "#hl-note-text", clear: false)
            try await browser.click("#hl-save")
            try await browser.wait("drawn at once") { try await browser.run(marked) as? String == quote }
            try await browser.wait("listed with its note") { try await browser.findAll("#hl-list .hl-item .hl-note").count == 1 }

            // Reloaded: the server draws it in the text and lists the note.
            try await browser.open(base + "/sources/\(id)")
            try await browser.wait("the page again, with its highlight") { try await !browser.findAll("#source-text mark.hl").isEmpty }
            #expect(try await browser.run(marked) as? String == quote)
            #expect(try await browser.text("#hl-list .hl-item .hl-note") == "Only the males have spurs.")
            let coloured = "return getComputedStyle(document.querySelector('#source-text mark.hl')).backgroundColor !== 'rgba(0, 0, 0, 0)'"
            #expect(try await browser.run(coloured) as? Bool == true, "visibly highlighted in the dark")
            serious += try await browser.axe().filter(\.isSerious).map { "source page with a highlight: \($0)" }
            try await browser.screenshot().write(to: folder.appendingPathComponent("document-highlight-dark-phone.png"))

            // The keyboard alone: Shift+Right selects from the first words in view, h highlights.
            _ = try await browser.run("getSelection().removeAllRanges(); document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
            try await browser.keys(holding: "\u{E008}", String(repeating: "\u{E014}", count: 8))
            try await browser.wait("the bar for a keyboard selection") { try await browser.run("return !document.getElementById('hl-bar').hidden") as? Bool == true }
            #expect(try await browser.run("return getSelection().toString()") as? String == "Platypus")
            try await browser.keys("h")
            try await browser.wait("a second highlight, from the keyboard") { try await browser.findAll("#hl-list .hl-item").count == 2 }
            #expect(try await browser.findAll("#source-text mark.hl").count == 2)

            // Found in the Highlights view, as a source's; its link opens the text at the highlight.
            try await browser.click("#tabbar a[data-tab=\"more\"]")
            try await browser.wait("More") { try await URL(string: browser.currentURL)?.path == "/more" }
            try await browser.click("main a[href=\"/highlights\"]")
            try await browser.wait("the Highlights view") { try await URL(string: browser.currentURL)?.path == "/highlights" }
            try await browser.wait("the highlight with its note and its source") {
                let text = try await browser.text("main")
                return text.contains(quote) && text.contains("Only the males have spurs.") && text.contains("Monotreme notes")
            }
            serious += try await browser.axe().filter(\.isSerious).map { "highlights view: \($0)" }
            try await browser.screenshot().write(to: folder.appendingPathComponent("document-highlights-view-dark-phone.png"))
            try await browser.click("#hl-library .hl-quote a[href^=\"/sources/\(id)#hl-\"]")
            try await browser.wait("the source's page at the highlight") {
                let at = try await browser.currentURL.contains("/sources/\(id)#hl-")
                let drawn = try await browser.findAll("#source-text mark.hl")
                return at && !drawn.isEmpty
            }
        }
        #expect(serious.isEmpty, "\(serious.joined(separator: "\n"))")
    }
}
