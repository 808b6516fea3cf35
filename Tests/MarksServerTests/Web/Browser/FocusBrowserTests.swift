import Foundation
import MarksTestSupport
import Testing
@testable import MarksServer

/// Focus where the hands are (issue 37 item 9), in headless Chromium: Search, Add and a new Ask take the keyboard on
/// arrival, whether the page was loaded or swapped in by the shell's navigation; `/` from the list lands in the search
/// field with what is typed next in it. Below an Ask answer the follow-up box does not take focus (the page opens at
/// the answer).
@Suite struct FocusBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func searchAddAndAskTakeTheKeyboardOnArrival() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-focus-browser")
        defer { directory.cleanUp() }
        let web = try await WebAskTests.harness(directory)
        defer { web.cleanUp() }
        let focused = "return document.activeElement ? document.activeElement.id : ''"
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 1280, height: 800)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }

            // Loaded: each page's own field has the focus.
            for (path, field) in [("/search", "q"), ("/add", "url"), ("/ask", "ask-question")] {
                try await browser.open(base + path)
                try await browser.wait("\(path) loaded") { try await !browser.findAll("#\(field)").isEmpty }
                try await browser.wait("\(path)'s field focused on load") { try await browser.run(focused) as? String == field }
            }

            // Swapped in by the shell's navigation (a tab in the sidebar): the same.
            try await browser.open(base + "/")
            try await browser.wait("the list again") { try await !browser.findAll("#rows").isEmpty }
            try await browser.click("#tabbar a[href=\"/search\"]")
            try await browser.wait("the Search tab swapped in") { try await browser.currentURL == base + "/search" }
            try await browser.wait("the search field focused after the swap") { try await browser.run(focused) as? String == "q" }

            // "/" from the list, then typing: the words land in the search field.
            try await browser.open(base + "/")
            try await browser.wait("the list once more") { try await !browser.findAll("#rows").isEmpty }
            _ = try await browser.run("document.activeElement && document.activeElement.blur()")
            try await browser.keys("/")
            try await browser.wait("the search field focused by /") { try await browser.run(focused) as? String == "q" }
            try await browser.keys("sourdough")
            #expect(try await browser.property("#q", "value") as? String == "sourdough")

            // Below an answer, the follow-up box waits: the page opens at the answer, not at the box.
            try await browser.open(base + "/ask")
            try await AskBrowserTests.ask("How often do I feed the sourdough starter with rye flour?", turn: 1, browser)
            let conversation = try await browser.currentURL
            try await browser.open(conversation)
            try await browser.wait("the conversation reloaded") { try await browser.findAll("#turn-1 .ask-answer").count == 1 }
            #expect(try await browser.run(focused) as? String != "ask-question")
        }
    }
}
