import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// The Tags tab in headless Chromium against a real server on port 0: the Tags tab's counts equal the tag page's rows
/// for an AI-only tag, Accept and Dismiss from the bookmark page's tag menu, a semantic search with no close match
/// and the Keyword switch re-running it, a bundle created and opened, a tag renamed. Screenshots of the Tags tab,
/// the open tag menu and the bundle page go where `BrowserTests` writes its own.
@Suite struct TagsBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func aiTagsSearchBundlesAndTagManagementInARealBrowser() async throws {
        var options = WebOptions(undoSeconds: 3, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        // The semantic seam as `marks serve` wires it, answering as the real index does below its floor: nothing.
        options.semanticSearch = { _, _, _ in [] }
        let web = try await WebHarness.make(options: options, prepare: { source in
            try await source.seed(6, title: { "Article \($0)" }, tags: { $0 <= 4 ? ["lang"] : [] })
        })
        defer { web.cleanUp() }
        for id in [1, 2, 3] { try await web.library.setAIMetadata(id: id, summary: nil, tags: ["overview"], engine: "test") }
        try await WebDriver.serving(web) { browser, base in
            let folder = Screenshots.folder()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            func rowCount() async throws -> Int {
                try await browser.run("return document.querySelectorAll('#rows > li.row:not(.skeleton)').length") as? Int ?? -1
            }
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }

            // The Tags tab counts what the tag page lists.
            try await browser.open(base + "/tags")
            #expect(try await browser.text("#taglist li[data-name='overview'] .n") == "3 (3 AI)")
            try await browser.screenshot().write(to: folder.appendingPathComponent("tags-bundles-light.png"))
            try await browser.click("#taglist li[data-name='overview'] a")
            try await browser.wait("the tag page") { try await browser.currentURL == base + "/tags/overview" }
            #expect(try await rowCount() == 3)

            // Accept from the bookmark page's tag menu: a real tag, sent to the source.
            try await browser.open(base + "/bookmarks/1")
            try await browser.click(".tags li.ai details.tag-menu summary")
            try await browser.screenshot().write(to: folder.appendingPathComponent("ai-tag-menu-light.png"))
            try await browser.click(".tags li.ai .tag-menu-actions form[action$='/accept'] button")
            try await browser.wait("the accepted tag") { (try await browser.findAll(".tags li.ai")).isEmpty }
            #expect(await web.source.find(1)?.tagNames.contains("overview") == true)
            #expect(try await browser.text(".tags").contains("#overview"))

            // Dismiss: gone, and the tag page lists one fewer.
            try await browser.open(base + "/bookmarks/2")
            try await browser.click(".tags li.ai details.tag-menu summary")
            try await browser.click(".tags li.ai .tag-menu-actions form[action$='/dismiss'] button")
            try await browser.wait("the dismissed tag") { (try await browser.findAll(".tags li.ai")).isEmpty }
            try await browser.open(base + "/tags/overview")
            #expect(try await rowCount() == 2)

            // Semantic search with no close match says so; the Keyword switch runs the search again.
            try await browser.open(base + "/search?q=qwxz+florp&mode=semantic")
            #expect(try await browser.text("#no-results h2") == "No close matches for “qwxz florp”")
            try await browser.click("#mode-keyword")
            try await browser.wait("the keyword search") { try await browser.currentURL.contains("mode=keyword") }
            try await browser.wait("the keyword results swapped in") { try await browser.text("#no-results h2") == "No results for “qwxz florp”" }
            try await browser.open(base + "/search?q=%22article")
            #expect(try await browser.text("#query-problems").contains("never closed"))

            // A bundle, created on the Tags tab and opened.
            try await browser.open(base + "/tags")
            try await browser.click("#new-bundle")
            try await browser.wait("the bundle form") { try await browser.currentURL == base + "/bundles/new" }
            try await browser.type("Language notes", into: "#name")
            try await browser.type("lang", into: "#all_tags")
            try await browser.type("overview", into: "#excluded_tags")
            try await browser.click("#bundle-save")
            try await browser.wait("the bundle page") {
                let url = try await browser.currentURL
                return url.contains("/bundles/") && !url.contains("/bundles/new")
            }
            #expect(try await rowCount() == 3, "lang but not #overview: 2, 3 and 4 (bookmark 1's overview was accepted as a real tag)")
            try await browser.screenshot().write(to: folder.appendingPathComponent("bundle-light.png"))
            try await browser.open(base + "/tags")
            #expect(try await browser.text("#bundle-list").contains("Language notes"))

            // Rename a tag from its page.
            try await browser.open(base + "/tags/lang")
            try await browser.click("#tag-manage summary")
            try await browser.type("languages", into: "#tag-new-name")
            try await browser.click("#tag-rename")
            try await browser.wait("the renamed tag's page") { try await browser.currentURL.hasPrefix(base + "/tags/languages") }
            #expect(try await rowCount() == 4)
            #expect(await web.source.find(3)?.tagNames.contains("languages") == true)

            // The same pages in dark mode.
            try await browser.emulateColorScheme("dark")
            for (name, path) in [("tags-bundles", "/tags"), ("ai-tag-edit", "/bookmarks/3/edit"), ("search-problem", "/search?q=%23+(swift")] {
                try await browser.open(base + path)
                try await browser.screenshot().write(to: folder.appendingPathComponent("\(name)-dark.png"))
            }
            try await browser.emulateColorScheme("light")
        }
    }
}
