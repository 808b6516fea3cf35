import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksTestSupport
import Testing
@testable import MarksServer

/// The Ask tab in headless Chromium, used with the keyboard (issue 14): a question answered from a library of three
/// bookmarks with archived texts streams in with its citation; `[n]` leads to its card and the card opens the right
/// bookmark in the reader at the highlighted passage; an unanswerable question abstains with the nearest items; a
/// follow-up continues the thread; axe-core finds nothing serious. Screenshots (phone 390 px and desktop, light and
/// dark) go where the other browser tests write theirs.
@Suite struct AskBrowserTests {
    /// Asks `question` with the keyboard (typed into the box, Enter) and waits for turn `turn` to be complete.
    static func ask(_ question: String, turn: Int, _ browser: WebDriver) async throws {
        try await browser.type(question, into: "#ask-question")
        try await browser.keys("\u{E007}")
        try await browser.wait("turn \(turn)'s answer", timeout: 60) {
            let answered = try await browser.findAll("#turn-\(turn) .ask-answer").count == 1
            let pending = try await browser.findAll(".ask-turn.pending")
            return answered && pending.isEmpty
        }
    }

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)),
          arguments: [("desktop", 1100, 900), ("phone", 390, 844)])
    func askAnswersWithCitationsThatOpenThePassage(size: String, width: Int, height: Int) async throws {
        let directory = try TemporaryDirectory(prefix: "marks-ask-browser")
        defer { directory.cleanUp() }
        let web = try await WebAskTests.harness(directory)
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var serious: [String] = []
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: width, height: height)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/ask")
            try await browser.wait("the Ask form") { try await !browser.findAll("#ask-question").isEmpty }

            // A question: the answer streams in and ends as the server's turn, with its citation.
            try await Self.ask("How often do I feed the sourdough starter with rye flour?", turn: 1, browser)
            #expect(try await browser.text("#turn-1 .ask-answer").hasPrefix("Feed the sourdough starter with rye flour twice a day."))
            #expect(try await browser.text("#t1-c1 .citation-title") == "Sourdough guide")
            #expect(try await browser.currentURL.hasPrefix(base + "/ask?c="), "the address names the conversation")
            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                try await browser.screenshot().write(to: folder.appendingPathComponent("ask-answer-\(scheme)-\(size).png"))
                if WebDriver.isAxeAvailable {
                    serious += try await browser.axe().filter(\.isSerious).map { "ask \(scheme) \(size): \($0)" }
                }
            }
            try await browser.emulateColorScheme("light")

            // [1] leads to its card; the card opens the bookmark in the reader at the passage, marked and in view.
            try await browser.click("#turn-1 a.cite")
            try await browser.wait("the citation card targeted") { try await browser.currentURL.hasSuffix("#t1-c1") }
            try await browser.click("#t1-c1 .citation-title")
            try await browser.wait("the reader at the passage") { try await !browser.findAll(".reader-body mark#passage").isEmpty }
            #expect(try await browser.currentURL.hasPrefix(base + "/bookmarks/1/read?highlight="))
            #expect(try await browser.text("mark#passage") == "Feed the sourdough starter with rye flour twice a day.")
            // In view and not under the sticky bars (on a phone the header and the reader's toolbar stack up).
            let inView = """
                const m = document.querySelector('mark#passage'); const r = m.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + 2, r.top + 2);
                return r.top >= 0 && r.bottom <= innerHeight && hit !== null && m.contains(hit)
                """
            try await browser.wait("the passage scrolled into view") { try await browser.run(inView) as? Bool == true }
            try await browser.screenshot().write(to: folder.appendingPathComponent("ask-passage-\(size).png"))

            // Back on the thread: a question the library cannot answer abstains and lists the nearest items.
            try await browser.back()
            try await browser.wait("the thread again") { try await !browser.findAll("#turn-1-q").isEmpty }
            try await Self.ask("What is the capital city of Peru?", turn: 2, browser)
            let abstained = try await browser.text("#turn-2 .ask-answer")
            #expect(abstained == "I couldn't find that in your bookmarks.")
            #expect(try await browser.findAll("#turn-2 .ask-nearest a").count >= 1)

            // A follow-up in the same conversation.
            try await Self.ask("And with which flour do I feed the starter?", turn: 3, browser)
            #expect(try await browser.text("#turn-3 .ask-answer").contains("rye flour"))
            #expect(try await browser.findAll("#ask-thread .ask-turn").count == 3)
            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                try await browser.screenshot().write(to: folder.appendingPathComponent("ask-thread-\(scheme)-\(size).png"))
                if WebDriver.isAxeAvailable {
                    serious += try await browser.axe().filter(\.isSerious).map { "ask thread \(scheme) \(size): \($0)" }
                }
            }
            try await browser.emulateColorScheme("light")

            // New conversation forgets the thread.
            try await browser.click("#ask-new")
            try await browser.wait("an empty thread") {
                let empty = try await browser.findAll(".ask-turn").isEmpty
                let intro = try await browser.findAll("#ask-intro")
                return empty && !intro.isEmpty
            }
        }
        #expect(serious.isEmpty, "serious or critical axe-core violations:\n\(serious.joined(separator: "\n"))")
    }

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func withoutJavaScriptTheFormAnswersWithTheWholePage() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-ask-browser")
        defer { directory.cleanUp() }
        let web = try await WebAskTests.harness(directory)
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 390, height: 844)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.disableScripts(true)
            try await browser.open(base + "/ask")
            try await browser.type("How often do I feed the sourdough starter with rye flour?", into: "#ask-question")
            try await browser.click("#ask-button")
            try await browser.wait("the page with the answer") { try await !browser.findAll("#t1-c1").isEmpty }
            #expect(try await browser.text("#turn-1 .ask-answer").hasPrefix("Feed the sourdough starter with rye flour twice a day."))
            try await browser.type("And with which flour do I feed it?", into: "#ask-question")
            try await browser.click("#ask-button")
            try await browser.wait("the follow-up") { try await !browser.findAll("#t2-c1").isEmpty }
            #expect(try await browser.findAll(".ask-turn").count == 2)
            try await browser.screenshot().write(to: folder.appendingPathComponent("ask-no-script-phone.png"))
            try await browser.click("#t2-c1 .citation-title")
            try await browser.wait("the reader at the passage") { try await !browser.findAll("mark#passage").isEmpty }
            try await browser.disableScripts(false)
        }
    }

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func theAnswerStreamsInWhileTheModelWrites() async throws {
        let second = Gate()
        let model = try LiveServer { _, index in
            guard index > 0 else {
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: .bytes(Data(AskStreamingTests.search.utf8)))
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: .stream(HTTPStreamBody { writer in
                try await writer.write(AskStreamingTests.textStart + AskStreamingTests.text("Feed the starter with rye flour twice a day [1]. Keep it "))
                await second.wait()
                try await writer.write(AskStreamingTests.text("warm [1].") + AskStreamingTests.textEnd)
            }))
        }
        let directory = try TemporaryDirectory(prefix: "marks-ask-browser")
        defer { directory.cleanUp() }
        let web = try await WebAskTests.harness(directory, provider: AskStreamingTests.provider(model))
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 390, height: 844)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/ask")
            try await browser.type("How often do I feed the sourdough starter with rye flour?", into: "#ask-question")
            try await browser.keys("\u{E007}")
            try await browser.wait("the first sentence, streamed") {
                guard try await browser.findAll(".ask-turn.pending").count == 1 else { return false }
                return try await browser.text(".ask-turn.pending .ask-answer") == "Feed the starter with rye flour twice a day. [1]"
            }
            #expect(try await browser.run("return document.getElementById('ask-thread').getAttribute('aria-busy')") as? String == "true")
            try await browser.screenshot().write(to: folder.appendingPathComponent("ask-streaming-phone.png"))
            second.open()
            try await browser.wait("the whole answer with its citation") { try await !browser.findAll("#t1-c1").isEmpty }
            #expect(try await browser.text("#turn-1 .ask-answer").hasPrefix("Feed the starter with rye flour twice a day. [1] Keep it warm. [1]"))
        }
        await model.stop()
    }
}
