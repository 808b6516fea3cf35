import Foundation
import MarksAsk
import MarksIndex
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// A highlight's note answers an Ask question, in headless Chromium (issue 37 item 4, Done-when 1): before the note,
/// the Ask tab does not know which hawks raid the heron nests; the person selects words in the reader, adds the note,
/// and the same question asked on the Ask tab is answered with the note, cited to the herons bookmark. The highlights
/// reach Ask as `marks serve` wires them: page passages after the archived text (`HighlightStore.pageTexts(over:)`),
/// written again when a highlight changes (`WebOptions.highlightsChanged`).
@Suite struct HighlightAskBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func aNoteWrittenInTheReaderAnswersOnTheAskTab() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlight-ask-browser")
        defer { directory.cleanUp() }
        let wired = try await HighlightAskTests.Wired(in: directory)
        let web = try await WebHarness.make(prepare: { source in
            for bookmark in AskLibrary.bookmarkValues() { _ = try await source.insert(bookmark) }
        }, reader: { try AskLibrary.article($0) }, configure: { _, _, options in
            options.ask = wired.ask
            options.highlights = wired.highlights
            options.highlightsChanged = { id in
                do {
                    try await wired.resync(id)
                } catch {
                    Issue.record("the highlight's passages were not indexed: \(error)")
                }
            }
        })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let question = "Which hawks raid the heron nests in the marsh?"
        let note = "Marsh harriers are the hawks that raid the heron nests in the marsh."

        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 1100, height: 900)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/ask")
            try await AskBrowserTests.ask(question, turn: 1, browser)
            #expect(!(try await browser.text("#turn-1").contains("Marsh harriers")), "nothing holds the answer yet")

            let herons = try #require(await web.source.find(url: "https://birds.example/herons"))
            try await browser.open(base + "/bookmarks/\(herons.id)/read")
            try await browser.wait("the reader") { try await browser.text(".reader-body").contains("They nest in tall reeds") }
            _ = try await browser.run("""
                const p = [...document.querySelectorAll('.reader-body p')].find(p => p.textContent.startsWith('They nest'));
                const t = p.firstChild, r = document.createRange();
                r.setStart(t, 0); r.setEnd(t, 'They nest in tall reeds'.length);
                getSelection().removeAllRanges(); getSelection().addRange(r);
                """)
            try await browser.wait("the Highlight bar") { try await browser.run("return !document.getElementById('hl-bar').hidden") as? Bool == true }
            try await browser.click("#hl-make-note")
            try await browser.wait("the note field") { try await browser.run("return document.activeElement.id") as? String == "hl-note-text" }
            try await browser.type(note, into: "#hl-note-text", clear: false)
            try await browser.click("#hl-save")
            try await browser.wait("listed with its note") { try await browser.findAll("#hl-list .hl-item .hl-note").count == 1 }

            try await browser.open(base + "/ask")
            try await browser.wait("the Ask form") { try await !browser.findAll("#ask-question").isEmpty }
            // /ask opens a new conversation: the question is its first turn.
            try await AskBrowserTests.ask(question, turn: 1, browser)
            try await browser.wait("answered from the note") { try await browser.text("#turn-1 .ask-answer").contains("Marsh harriers") }
            #expect(try await browser.findAll("#turn-1 .citation a.citation-title[href^='/bookmarks/\(herons.id)/read']").count >= 1,
                    "cited to the herons bookmark")
            try await browser.screenshot().write(to: folder.appendingPathComponent("ask-cites-a-highlight-desktop.png"))
        }
    }
}
