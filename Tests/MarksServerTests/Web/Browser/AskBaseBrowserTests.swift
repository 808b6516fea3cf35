import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// The reader over the page-text archive in headless Chromium (issue 14): a page read once is read again, with its
/// headings, after its site has gone away. A screenshot of the offline read goes where the other browser tests
/// write theirs.
@Suite struct AskBaseBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func theReaderShowsTheArchivedTextWithTheSiteGone() async throws {
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data("""
                <html><head><title>Heron migration</title></head><body><nav><a href="/">Home</a></nav><article><h1>Heron migration</h1>
                <p>Grey herons leave the northern lakes in October and fly south along the river valleys, resting on sandbanks.</p>
                <h2>Nesting</h2><p>They nest in tall reeds and return to the same colony every spring, often to the same nest.</p>
                </article></body></html>
                """.utf8)))
        }
        let directory = try TemporaryDirectory(prefix: "marks-askbase-browser")
        defer { directory.cleanUp() }
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true)), now: { Date() })
        let web = try await WebHarness.make(seed: 1, prepare: { source in
            try await source.insert(Bookmark(id: 0, url: site.baseURL.absoluteString + "/herons", title: "Heron migration",
                                             dateAdded: Date(timeIntervalSince1970: 0), dateModified: Date(timeIntervalSince1970: 0)))
        }, reader: { try await archive.article(for: $0) })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/bookmarks/2/read")
            try await browser.wait("the article") { try await browser.text(".reader-body").contains("Grey herons") }
            await site.stop()
            try await browser.open(base + "/bookmarks/2/read")
            try await browser.wait("the archived article") { try await browser.text(".reader-body").contains("They nest in tall reeds") }
            #expect(try await browser.text(".reader-body h2") == "Nesting")
            try await browser.screenshot().write(to: folder.appendingPathComponent("reader-archived-offline.png"))
        }
        #expect(site.requests.count == 1, "the page was fetched once")
    }
}
