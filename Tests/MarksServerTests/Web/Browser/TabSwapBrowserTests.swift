import Foundation
import MarksTestSupport
import Testing
@testable import MarksServer

/// The shell keeps playing (issue 37 item 8), in headless Chromium: every tab — Ask and Collections included — is
/// swapped in place rather than loaded, from a page that was itself loaded in full (the Ask tab, whose own style sheet
/// and script must not count as another shell), so whatever lives in the shell (the podcast player) keeps running.
/// A value set on `window` survives every move only if no page was loaded in full.
@Suite struct TabSwapBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func everyTabSwapsInPlace() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-tab-swap")
        defer { directory.cleanUp() }
        let web = try await WebAskTests.harness(directory)
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 1280, height: 800)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/ask")  // a full load of the page with its own assets
            try await browser.wait("the Ask form") { try await !browser.findAll("#ask-question").isEmpty }
            try await browser.wait("the Ask script started") { try await browser.run("return typeof (window.marksPages || {}).ask") as? String == "function" }
            _ = try await browser.run("window.marksStayed = 'yes'")
            for (tab, path) in [("collections", "/collections"), ("bookmarks", "/"), ("ask", "/ask"), ("search", "/search"),
                                ("tags", "/tags"), ("podcasts", "/podcasts"), ("sources", "/sources"), ("ask", "/ask"),
                                ("highlights", "/highlights"), ("settings", "/settings"), ("collections", "/collections")] {
                try await browser.click("#tabbar a[data-tab=\"\(tab)\"]")
                try await browser.wait("the \(tab) tab") { try await URL(string: browser.currentURL)?.path == path }
                try await browser.wait("the \(tab) tab's content") {
                    try await browser.run("return document.querySelector('#tabbar a[data-tab=\"\(tab)\"]').getAttribute('aria-current')") as? String == "page"
                }
                #expect(try await browser.run("return window.marksStayed") as? String == "yes", "\(tab) was loaded in full, not swapped")
            }
        }
    }
}
