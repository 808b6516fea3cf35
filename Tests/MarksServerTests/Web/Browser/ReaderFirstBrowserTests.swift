import Foundation
import HTTPServer
import MarksBookmarks
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// Reader first (issue 37 item 1, Done-when 1) in headless Chromium: a saved article whose page text is kept opens in
/// the reader from the list — with the keyboard only on a desktop in light (j selects the row, Enter opens it, and `o`
/// too), and with a finger on a phone in dark (a tap on the title) — and the original page is one action away there
/// (the bar's Original). The page was archived from a site on loopback that is gone by the time the list is read.
@Suite struct ReaderFirstBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func aSavedArticleOpensInTheReaderByKeyboardAndByTouch() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-reader-first-browser")
        defer { directory.cleanUp() }
        let (archive, kept) = try await WebReaderFirstTests.keptArticle(in: directory)
        let web = try await WebHarness.make(seed: 3, reader: { try await archive.article(for: $0) }, configure: { _, _, options in
            options.archivedPages = { try archive.storedURLs(among: $0) }
        })
        defer { web.cleanUp() }
        let saved = try await web.library.add(AddBookmarkRequest(url: kept, title: "Logging HOWTO"))
        let reader = "/bookmarks/\(saved.bookmark.id)/read"
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        try await WebDriver.serving(web) { browser, base in
            // Desktop, light, keyboard only.
            try await browser.emulateViewport(width: 1280, height: 800)
            try await browser.emulateColorScheme("light")
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await !browser.findAll("#rows > li.row").isEmpty }
            _ = try await browser.run("document.activeElement && document.activeElement.blur()")
            try await browser.keys("j")
            try await browser.wait("the saved article's row selected") {
                try await browser.findAll("#b\(saved.bookmark.id).selected").count == 1
            }
            try await browser.keys("\u{E007}")  // Enter
            try await browser.wait("the reader, opened with Enter") { try await browser.currentURL == base + reader }
            try await browser.wait("the article's text") { try await browser.text(".reader-body").contains("basicConfig") }
            #expect(try await browser.findAll(".reader-bar a[href='\(kept)']").count == 1, "the original is one action away")
            try await browser.screenshot().write(to: folder.appendingPathComponent("reader-first-desktop-light.png"))
            try await browser.back()
            try await browser.wait("the list again") { try await browser.currentURL == base + "/" }
            try await browser.wait("the list's rows") { try await !browser.findAll("#rows > li.row").isEmpty }
            _ = try await browser.run("document.activeElement && document.activeElement.blur()")
            try await browser.keys("jo")
            try await browser.wait("the reader, opened with o") { try await browser.currentURL == base + reader }

            // Phone, dark, a finger on the title.
            try await browser.emulateViewport(width: 390, height: 844, mobile: true)
            try await browser.emulateColorScheme("dark")
            try await browser.open(base + "/")
            try await browser.wait("the phone's list") { try await !browser.findAll("#b\(saved.bookmark.id) h2 a").isEmpty }
            try await browser.tap("#b\(saved.bookmark.id) h2 a")
            try await browser.wait("the reader, opened with a tap") { try await browser.currentURL == base + reader }
            try await browser.wait("the article's text on the phone") { try await browser.text(".reader-body").contains("basicConfig") }
            try await browser.screenshot().write(to: folder.appendingPathComponent("reader-first-phone-dark.png"))
        }
    }
}
