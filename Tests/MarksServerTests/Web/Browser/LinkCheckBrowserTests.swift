import Foundation
import HTTPServer
import MarksBookmarks
import MarksTestSupport
import Testing
@testable import MarksServer

/// A bookmark's link status in headless Chromium: a broken link and a moved one (with Update URL) on the bookmark's
/// page, and the Broken list; axe-core on each, light and dark, at phone and desktop widths: no serious violation.
@Suite struct LinkCheckBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .enabled(if: WebDriver.isAxeAvailable, "skipped: axe-core is needed (scripts/fetch-axe.sh, run by make test-deps)"),
          .timeLimit(.minutes(10)))
    func brokenAndMovedLinksHaveNoSeriousViolation() async throws {
        let site = try WebLinkCheckTests.site()
        let directory = try TemporaryDirectory(prefix: "marks-links-a11y")
        defer { directory.cleanUp() }
        let links = try WebLinkCheckTests.checker(in: directory)
        let web = try await WebHarness.make(seed: 3, configure: { _, _, options in options.links = links })
        defer { web.cleanUp() }
        let base = "http://127.0.0.1:\(site.port)"
        let gone = try await web.library.add(AddBookmarkRequest(url: "\(base)/missing", title: "Gone page")).bookmark
        let moved = try await web.library.add(AddBookmarkRequest(url: "\(base)/old", title: "Moved page")).bookmark
        try await links.check([gone.url, moved.url])
        await site.stop()

        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var serious: [String] = []
        try await WebDriver.serving(web) { browser, root in
            try await browser.open(try web.auth.signInLink(baseURL: root))
            try await browser.wait("the list") { try await browser.currentURL == root + "/" }
            for (size, width, height) in [("desktop", 1100, 900), ("phone", 390, 844)] {
                try await browser.resize(width: width, height: height)
                for scheme in ["light", "dark"] {
                    try await browser.emulateColorScheme(scheme)
                    for (name, path) in [("broken", "/bookmarks/\(gone.id)"), ("moved", "/bookmarks/\(moved.id)"), ("list", "/?show=broken")] {
                        try await browser.open(root + path)
                        let shot = "links-\(name)-\(scheme)-\(size)"
                        try await browser.screenshot().write(to: folder.appendingPathComponent("\(shot).png"))
                        serious += try await browser.axe().filter(\.isSerious).map { "\(shot): \($0)" }
                    }
                }
            }
            #expect(try await browser.text("main").contains("Gone page"), "the Broken list shows the broken bookmark")
        }
        #expect(serious.isEmpty, "axe-core: \(serious.joined(separator: "\n"))")
    }
}
