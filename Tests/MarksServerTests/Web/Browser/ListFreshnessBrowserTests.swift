import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// What a QA walk found stale in the web app, in headless Chromium against a real server on port 0: the Unread
/// list's count follows Mark read and Mark unread at once; the home's cards drop a bookmark deleted or archived from
/// its row; a notice shows once (the address forgets it, so a reload does not repeat it); switching Search to
/// Semantic sends one `mode`.
@Suite struct ListFreshnessBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard on 2 shared cores
    func listsStayFreshWithoutAReload() async throws {
        var options = WebOptions(undoSeconds: 8, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.semanticSearch = { _, _, _ in [] }
        let web = try await WebHarness.make(options: options, prepare: { try await $0.seed(30, unread: { $0 % 2 == 0 }) })
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 1100, height: 900)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            // Each step is reported on its own, so one stale part does not hide another.
            await step { try await unreadCount(browser, web, base) }
            await step { try await homeCards(browser, web, base) }
            await step { try await noticeOnce(browser, base) }
            await step { try await oneSearchMode(browser, base) }
        }
    }

    private func step(_ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            Issue.record(error)
        }
    }

    private func unreadCount(_ browser: WebDriver, _ web: WebHarness, _ base: String) async throws {
        try await browser.open(base + "/?show=unread")
        #expect(try await browser.text("#count") == "15 bookmarks")
        _ = try await browser.run("window.marksPage = 1")
        try await browser.click("#b30 button[value='read 30']")
        try await browser.wait("mark read to reach the server") { await web.source.find(30)?.unread == false }
        try await browser.wait("the Unread count to drop at once") { try await browser.text("#count") == "14 bookmarks" }
        #expect(try await browser.text("#b30 button[value='unread 30']") == "Mark unread", "the row stays, with its undo")
        try await browser.click("#b30 button[value='unread 30']")
        try await browser.wait("mark unread to reach the server") { await web.source.find(30)?.unread == true }
        try await browser.wait("the count back") { try await browser.text("#count") == "15 bookmarks" }
        #expect(try await browser.run("return window.marksPage") as? Int == 1, "no reload")
    }

    private func homeCards(_ browser: WebDriver, _ web: WebHarness, _ base: String) async throws {
        try await browser.open(base + "/")
        let recent = "return [...document.querySelectorAll('#card-recent ~ ol > li')].filter(e => !e.hidden).map(e => e.dataset.card).join(',')"
        #expect(try await browser.run(recent) as? String == "30,29,28")
        try await browser.click("#b30 button[value='delete 30']")
        try await browser.wait("the delete to reach the server") { await web.source.find(30) == nil }
        #expect(try await browser.run(recent) as? String == "29,28", "a deleted bookmark leaves Recently added at once")
        try await browser.wait("the count") { try await browser.text("#count") == "29 bookmarks" }
        try await browser.click("#b29 button[value='archive 29']")
        #expect(try await browser.run(recent) as? String == "28", "an archived one too")
        try await browser.click("#toast-undo")  // within the Undo window (8 s: a loaded machine is slow)
        #expect(try await browser.run(recent) as? String == "29,28", "Undo brings it back")
        try await browser.click("#b29 button[value='archive 29']")
        try await browser.wait("the archive to reach the server") { await web.source.find(29)?.isArchived == true }
        #expect(try await browser.run(recent) as? String == "28")
        let gone = "return [...document.querySelectorAll('.cards [data-card=\"29\"], .cards [data-card=\"30\"]')].every(e => e.hidden)"
        #expect(try await browser.run(gone) as? Bool == true, "no card (the random one too) keeps a bookmark that left")
    }

    private func noticeOnce(_ browser: WebDriver, _ base: String) async throws {
        try await browser.open(base + "/?notice=added")
        #expect(try await browser.text("main .notice.success") == "Bookmark saved.")
        try await browser.wait("the address to forget the notice") { try await browser.currentURL == base + "/" }
        _ = try await browser.run("window.marksPage = 1; location.reload()")
        try await browser.wait("the reload") { try await browser.run("return window.marksPage === undefined && document.readyState === 'complete'") as? Bool == true }
        #expect(try await browser.findAll("main .notice.success").isEmpty, "a reload does not say it again")
        try await browser.open(base + "/bookmarks/28?notice=updated")
        try await browser.wait("the bookmark's address without the notice") { try await browser.currentURL == base + "/bookmarks/28" }
    }

    private func oneSearchMode(_ browser: WebDriver, _ base: String) async throws {
        let modes = "return new URLSearchParams(location.search).getAll('mode').join(',')"
        try await browser.open(base + "/search?q=bookmark")
        try await browser.click("#mode-semantic")
        try await browser.wait("the semantic search") { try await browser.property("#mode-semantic", "ariaPressed") as? String == "true" }
        #expect(try await browser.run(modes) as? String == "semantic")
        try await browser.click("#scope-unread")
        try await browser.wait("the unread scope") { try await browser.currentURL.contains("scope=unread") }
        #expect(try await browser.run(modes) as? String == "semantic", "a scope change keeps the mode, once")
        try await browser.click("#mode-keyword")
        try await browser.wait("the keyword search") { try await browser.run(modes) as? String == "keyword" }
        try await browser.type("number\u{E007}", into: "#q")  // Enter: the form's default button is Search
        try await browser.wait("Enter searches") { try await browser.currentURL.contains("q=number") }
        #expect(try await browser.run(modes) as? String == "keyword")
    }
}
