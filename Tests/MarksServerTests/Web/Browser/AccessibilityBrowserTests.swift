import Foundation
import HTTPServer
import MarksCore
import MarksReading
import MarksTestSupport
import Testing
@testable import MarksServer

/// axe-core (from the `axe-selenium-python` wheel, see scripts/fetch-axe.sh) on every page of the app, in
/// light and dark, at phone and desktop sizes, in headless Chromium against a real server: no serious or
/// critical violation anywhere. Pages are also checked in the states that add markup: a list with AI tags (one
/// tag menu open), a tag's Rename / Delete open and its delete question, select mode with the bulk bar and the
/// bulk delete question, the trash with an item, the bundles (list, page, new and edit forms), a finished import,
/// the reader after its end was reached, a structured article (code blocks, a table, a figure) with "Aa" open, the list
/// in compact density, a sign-in link with its QR code. Writes a screenshot of each page and
/// `axe-report.txt` (every violation, minor ones too) per size to the screenshot folder.
@Suite struct AccessibilityBrowserTests {
    /// A page to check: its address, and what to do there first (open a menu, reach the end), if anything.
    struct Page {
        var name: String
        var path: String
        var then: (@Sendable (WebDriver) async throws -> Void)? = nil
    }

    static let pages: [Page] = [
        Page(name: "list", path: "/"), Page(name: "bookmark", path: "/bookmarks/5"), Page(name: "reader", path: "/bookmarks/5/read"),
        Page(name: "edit", path: "/bookmarks/5/edit"), Page(name: "add", path: "/add"), Page(name: "search", path: "/search?q=number&scope=all"),
        Page(name: "no-results", path: "/search?q=swfit"), Page(name: "tags", path: "/tags"), Page(name: "tag", path: "/tags/even"),
        Page(name: "collections", path: "/collections"), Page(name: "settings", path: "/settings"), Page(name: "podcasts", path: "/podcasts"),
        Page(name: "sources", path: "/sources"), Page(name: "ask", path: "/ask"), Page(name: "more", path: "/more"),
        Page(name: "not-found", path: "/bookmarks/9999"),
        // The states that add markup.
        Page(name: "tag-ai", path: "/tags/overview"),
        Page(name: "tag-ai-menu", path: "/tags/overview") { browser in
            try await browser.click("#rows > li.row .tag-menu summary")
        },
        Page(name: "bookmark-ai", path: "/bookmarks/39"), Page(name: "edit-ai", path: "/bookmarks/39/edit"),
        Page(name: "select", path: "/?select=on") { browser in
            try await browser.click("#rows > li.row:nth-child(2) input.pick")
            try await browser.click("#rows > li.row:nth-child(3) input.pick")
        },
        Page(name: "bulk-delete", path: "/?select=on") { browser in
            try await browser.click("#rows > li.row:nth-child(4) input.pick")
            try await browser.click("#bulk-delete")
            try await browser.wait("the bulk delete question") { try await browser.findAll("#bulk-confirm-delete").count == 1 }
        },
        Page(name: "tag-manage", path: "/tags/five") { browser in
            try await browser.click("#tag-manage summary")
        },
        Page(name: "tag-delete", path: "/tags/five") { browser in
            try await browser.click("#tag-manage summary")
            try await browser.click("#tag-delete")
            try await browser.wait("the tag delete question") { try await browser.findAll("#tag-delete-confirm").count == 1 }
        },
        Page(name: "trash", path: "/trash"), Page(name: "trash-empty", path: "/trash/empty"),
        Page(name: "bundle-new", path: "/bundles/new"),
        Page(name: "reader-end", path: "/bookmarks/6/read") { browser in
            _ = try await browser.run("document.activeElement && document.activeElement.blur()")
            try await browser.keys("\u{E010}")  // End: the person's own scrolling reaches the end
            try await browser.wait("the reader's end") { try await browser.text("#reader-end-status") == "Marked read." }
        },
        Page(name: "reader-highlight", path: "/bookmarks/7/read") { browser in
            // A highlight made (it is drawn and listed), then words selected again: the bar under the selection shows.
            let select = """
                const w = document.createTreeWalker(document.querySelector('.reader-body'), NodeFilter.SHOW_TEXT), texts = [];
                for (let n = w.nextNode(); n; n = w.nextNode()) if (n.data.trim().length > 9 && !n.parentNode.closest('mark')) texts.push(n);
                const t = texts[arguments[0]], r = document.createRange();
                r.setStart(t, 0); r.setEnd(t, 9); getSelection().removeAllRanges(); getSelection().addRange(r);
                """
            _ = try await browser.run(select, [1])
            try await browser.wait("the Highlight bar") { try await browser.run("return !document.getElementById('hl-bar').hidden") as? Bool == true }
            let before = try await browser.findAll("#hl-list .hl-item").count  // the page is checked in both themes
            try await browser.click("#hl-make")
            let saved = "return document.querySelectorAll('#hl-list .hl-item').length > arguments[0] ? 'saved' : (document.getElementById('hl-problem').hidden ? '' : document.getElementById('hl-problem').textContent)"
            try await browser.wait("the highlight saved") { try await browser.run(saved, [before]) as? String != "" }
            #expect(try await browser.run(saved, [before]) as? String == "saved")
            _ = try await browser.run(select, [2])
            try await browser.wait("the bar again") { try await browser.run("return !document.getElementById('hl-bar').hidden") as? Bool == true }
        },
        Page(name: "highlights", path: "/highlights"),
        Page(name: "offline", path: "/offline"),
        Page(name: "reader-structured", path: "/bookmarks/7/read"),
        Page(name: "reader-aa", path: "/bookmarks/7/read") { browser in
            try await browser.click(".reader-settings summary")
            try await browser.wait("Aa open") { try await browser.property(".reader-settings", "open") as? Bool == true }
        },
        Page(name: "share", path: "/share?url=https%3A%2F%2Fexample.org%2Fshared&title=Shared%20page"),
        Page(name: "settings-devices", path: "/settings") { browser in
            try await browser.click("#device-link")
            try await browser.wait("the sign-in link and its QR code") { try await browser.findAll("#device-qr svg").count == 1 }
        },
    ]

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .enabled(if: WebDriver.isAxeAvailable, "skipped: axe-core is needed (scripts/fetch-axe.sh, run by make test-deps)"),
          .timeLimit(.minutes(10)),
          arguments: [("desktop", 1100, 900), ("phone", 390, 844)])  // two cases, two browsers: they run side by side
    func everyPageHasNoSeriousViolation(size: String, width: Int, height: Int) async throws {
        let web = try await WebHarness.make(
            prepare: { source in
                try await source.seed(40, tags: { ($0 % 2 == 0 ? ["even"] : []) + ($0 % 5 == 0 ? ["five"] : []) }, unread: { $0 % 3 == 0 })
            },
            reader: { url in
                if url.hasSuffix("/7"), let page = URL(string: url) {
                    return try ArticleReader.article(html: Data(ReaderWebTests.article.utf8), url: page)
                }
                // A structured article — headings, a table whose first column holds only links, a code block with a long
                // line, a second table — long enough to scroll, so that reaching the end is a real scroll.
                let paragraphs = (3...40).map { "<p>Paragraph \($0), with enough words to fill a line or two of the reader view.</p>" }.joined()
                let html = SphinxReferencePage.html.replacingOccurrences(of: "<section id=\"see-also\">", with: paragraphs + "<section id=\"see-also\">")
                return try ArticleReader.article(html: Data(html.utf8), url: URL(string: url) ?? URL(fileURLWithPath: "/"))
            })
        defer { web.cleanUp() }
        // AI tags on the first rows of the list and on a tag page; one bookmark in the trash; a bundle; a finished import.
        for id in [40, 39, 38] { try await web.library.setAIMetadata(id: id, summary: "What the model wrote about \(id).", tags: ["overview", "systems"], engine: "test") }
        try await web.library.delete(id: 37)
        var client = try await web.signedIn()
        let bundle = try await client.post("/bundles", [("name", "Even and five"), ("search", ""), ("any_tags", ""), ("all_tags", "even five"),
                                                       ("excluded_tags", ""), ("filter_unread", "off"), ("filter_shared", "off")])
        let bundlePath = String(try #require(bundle.headers["Location"]).prefix { $0 != "?" })
        let (type, body) = WebAccountTests.multipart([("_csrf", client.csrf)], file: ("bookmarks.html", WebAccountTests.bookmarkFile))
        let upload = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        let importPath = try #require(upload.headers["Location"])
        await web.jobs.runUntilIdle()  // the import's job (the harness's runner is not started)
        let pages = Self.pages + [Page(name: "bundle", path: bundlePath), Page(name: "bundle-edit", path: bundlePath + "/edit"),
                                  Page(name: "import", path: importPath) { browser in
                                      try await browser.wait("the import report") { try await browser.text("main").contains("Imported 2 bookmarks") }
                                  }]

        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var report: [String] = []
        var serious: [String] = []
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: width, height: height)
            // The harness itself: a page with an image without alt text must fail.
            try await browser.open(base + "/signin")
            _ = try await browser.run("const i = document.createElement('img'); i.src = '/nothing.png'; document.querySelector('main').appendChild(i)")
            let planted = try await browser.axe()
            #expect(planted.contains { $0.rule == "image-alt" && $0.isSerious }, "axe-core finds a planted violation: \(planted)")
            // Signed out: the sign-in page.
            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                try await browser.open(base + "/signin")
                let violations = try await browser.axe()
                report += violations.map { "signin \(scheme) \(size): \($0)" }
                serious += violations.filter(\.isSerious).map { "signin \(scheme) \(size): \($0)" }
                try await browser.screenshot().write(to: folder.appendingPathComponent("a11y-signin-\(scheme)-\(size).png"))
            }
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                for page in pages {
                    try await browser.open(base + page.path)
                    try await page.then?(browser)
                    let label = "\(page.name) \(scheme) \(size)"
                    let violations = try await browser.axe()
                    report += violations.map { "\(label): \($0)" }
                    serious += violations.filter(\.isSerious).map { "\(label): \($0)" }
                    try await browser.screenshot().write(to: folder.appendingPathComponent("a11y-\(page.name)-\(scheme)-\(size).png"))
                }
                // Compact density (a cookie, as Settings → Appearance sets it): the list and select mode.
                _ = try await browser.run("document.cookie = 'marks_density=compact; path=/'")
                for (name, path) in [("list-compact", "/"), ("select-compact", "/?select=on")] {
                    try await browser.open(base + path)
                    try await browser.wait("the compact list") { try await !browser.findAll("html[data-density=compact] #rows").isEmpty }
                    let label = "\(name) \(scheme) \(size)"
                    let violations = try await browser.axe()
                    report += violations.map { "\(label): \($0)" }
                    serious += violations.filter(\.isSerious).map { "\(label): \($0)" }
                    try await browser.screenshot().write(to: folder.appendingPathComponent("a11y-\(name)-\(scheme)-\(size).png"))
                }
                _ = try await browser.run("document.cookie = 'marks_density=; path=/; max-age=0'")
            }
            try await browser.emulateColorScheme("light")
        }
        let text = report.isEmpty ? "axe-core: no violations\n" : report.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("axe-report-\(size).txt"))
        print("axe-core, \(size): \(report.count) violations (\(serious.count) serious or critical); report and screenshots in \(folder.path)")
        #expect(serious.isEmpty, "serious or critical axe-core violations:\n\(serious.joined(separator: "\n"))")
    }
}
