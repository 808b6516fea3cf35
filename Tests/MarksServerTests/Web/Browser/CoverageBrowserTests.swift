import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// Flows of the web app issue that no other browser test drives, in headless Chromium against a real server on
/// port 0: an AI tag accepted and dismissed from a list row's tag menu (in place with script, through the list's
/// form and back to the row without it), and the bulk bar's Mark read, Archive and Remove tag. Screenshots
/// (`rows-ai-tag-*.png`, `bulk-*.png`) go where `BrowserTests` writes its own.
@Suite(.serialized) struct CoverageBrowserTests {  // one browser at a time: the suite runs beside the other browser tests
    static let options = WebOptions(undoSeconds: 3, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func aiTagsAreAcceptedAndDismissedFromTheRow() async throws {
        let web = try await WebHarness.make(options: Self.options, prepare: { source in
            try await source.seed(6, title: { "Article \($0)" })
        })
        defer { web.cleanUp() }
        for id in [1, 2, 3] { try await web.library.setAIMetadata(id: id, summary: nil, tags: ["overview"], engine: "test") }
        try await web.library.setAIMetadata(id: 4, summary: nil, tags: ["overview", "rust"], engine: "test")
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await WebDriver.serving(web) { browser, base in
            func rows() async throws -> String {
                try await browser.run("return [...document.querySelectorAll('#rows > li.row')].map(r => r.id).join(',')") as? String ?? ""
            }
            func aiChips(_ id: Int) async throws -> Int { try await browser.findAll("#b\(id) .tags li.ai").count }
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }

            // With script: the menu opens on the row, Accept makes the chip one of the row's own tags in place.
            let stops = "return [...document.querySelectorAll('#rows *, #rows > li')].filter(e => e.tabIndex >= 0).length"
            #expect(try await browser.run(stops) as? Int == 1, "the tag menus add no tab stop to the list")
            _ = try await browser.run("window.marksPage = 1")
            try await browser.click("#b1 .tag-menu summary")
            #expect(try await browser.property("#b1 .tag-menu", "open") as? Bool == true)
            try await browser.screenshot().write(to: folder.appendingPathComponent("rows-ai-tag-menu-light.png"))
            try await browser.click("#b1 button[value='accept 1 overview']")
            try await browser.wait("the accept to reach the source") { await web.source.find(1)?.tagNames == ["overview"] }
            try await browser.wait("the chip to become a tag") { try await aiChips(1) == 0 }
            #expect(try await browser.text("#b1 .tags a[href='/tags/overview']") == "#overview")
            // The notice is written after the chip changes; under load the two are apart.
            try await browser.wait("the notice") { try await browser.text("#toast-text") == "Tagged #overview" }
            #expect(try await browser.run("return window.marksPage") as? Int == 1, "no reload")
            #expect(try await browser.run("return document.activeElement.id") as? String == "b1", "focus stays on the row")
            // The tag page lists it as a real tag, without ✦.
            try await browser.open(base + "/tags/overview")
            #expect(try await rows() == "b4,b3,b2,b1")
            #expect(try await aiChips(1) == 0)
            #expect(try await browser.text("#b1 .tags a[href='/tags/overview']") == "#overview")

            // Dismiss on a row: gone at once, after a reload, and when the bookmark is enriched again.
            try await browser.open(base + "/")
            try await browser.click("#b2 .tag-menu summary")
            try await browser.click("#b2 button[value='dismiss 2 overview']")
            try await browser.wait("the dismissed chip to go") { try await aiChips(2) == 0 }
            try await browser.wait("the dismissal notice") { try await browser.text("#toast-text").hasPrefix("Dismissed “overview”") }
            #expect(web.source.updates.count == 1, "a dismissal is not sent to the source")
            try await browser.open(base + "/")
            #expect(try await aiChips(2) == 0)
            try await browser.open(base + "/tags/overview")
            #expect(try await rows() == "b4,b3,b1")
            try await web.library.setAIMetadata(id: 2, summary: nil, tags: ["overview"], engine: "test")
            try await browser.open(base + "/")
            #expect(try await aiChips(2) == 0, "never suggested again for that bookmark")

            // Without script: the menu is a <details>, its buttons post the list's form and come back to the row.
            try await browser.disableScripts(true)
            try await browser.open(base + "/?sort=title")
            #expect(try await browser.run("return document.documentElement.classList.contains('js')") as? Bool != true)
            try await browser.click("#b3 .tag-menu summary")
            try await browser.click("#b3 button[value='accept 3 overview']")
            try await browser.wait("back at the row") { try await browser.currentURL == base + "/?sort=title&notice=tag-accepted&at=b3#b3" }
            #expect(try await browser.text("main .notice").contains("Tag added."))
            #expect(await web.source.find(3)?.tagNames == ["overview"])
            #expect(try await aiChips(3) == 0)
            try await browser.click("#b4 summary[aria-label$=' rust']")
            try await browser.screenshot().write(to: folder.appendingPathComponent("rows-ai-tag-menu-noscript.png"))
            try await browser.click("#b4 button[value='dismiss 4 rust']")
            try await browser.wait("back at the row") { try await browser.currentURL == base + "/?sort=title&notice=tag-dismissed&at=b4#b4" }
            #expect(try await aiChips(4) == 1, "overview stays suggested")
            #expect(try await browser.findAll("#b4 button[value='dismiss 4 rust']").isEmpty)
            try await browser.disableScripts(false)

            // The menu on a phone, dark.
            try await browser.resize(width: 390, height: 844)
            try await browser.emulateColorScheme("dark")
            try await browser.open(base + "/")
            try await browser.click("#b4 .tag-menu summary")
            try await browser.screenshot().write(to: folder.appendingPathComponent("rows-ai-tag-menu-phone-dark.png"))
            try await browser.emulateColorScheme("light")
            try await browser.resize(width: 1100, height: 900)
        }
    }

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func theBulkBarMarksReadArchivesAndRemovesATag() async throws {
        let web = try await WebHarness.make(options: Self.options, prepare: { source in
            try await source.seed(8, tags: { $0 <= 4 ? ["later"] : [] }, unread: { _ in true })
        })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await WebDriver.serving(web) { browser, base in
            func pick(_ ids: [Int]) async throws {
                for id in ids { try await browser.click("#b\(id) input.pick") }
                try await browser.wait("the count") { try await browser.text("#bulk-count") == "\(ids.count) selected" }
            }
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.click("#select-mode")
            try await browser.wait("select mode") { try await browser.findAll("#rows input.pick").count == 8 }

            // Mark read: the picked ones only, and the list stays in select mode.
            try await pick([8, 7])
            try await browser.click("#bulk-read")
            try await browser.wait("marked read") { try await browser.text("main .notice").contains("2 bookmarks marked read.") }
            #expect(await web.source.find(8)?.unread == false)
            #expect(await web.source.find(7)?.unread == false)
            #expect(await web.source.find(6)?.unread == true)
            #expect(try await browser.findAll("#rows input.pick").count == 8, "still in select mode")
            #expect(try await browser.findAll("#b8.unread").isEmpty)

            // Archive: gone from the list, on the Archived list.
            try await pick([6, 5])
            try await browser.click("#bulk-archive")
            try await browser.wait("archived") { try await browser.text("main .notice").contains("2 bookmarks archived.") }
            #expect(await web.source.find(6)?.isArchived == true)
            #expect(await web.source.find(5)?.isArchived == true)
            #expect(try await browser.findAll("#b6, #b5").isEmpty)
            try await browser.screenshot().write(to: folder.appendingPathComponent("bulk-archived-light.png"))
            try await browser.open(base + "/?show=archived")
            #expect(try await browser.run("return [...document.querySelectorAll('#rows > li.row')].map(r => r.id).join(',')") as? String == "b6,b5")

            // Remove tag: from the picked ones only.
            try await browser.open(base + "/?select=on")
            try await pick([4, 3])
            try await browser.type("later", into: "#bulk-tag")
            try await browser.click("#bulk-untag")
            try await browser.wait("untagged") { try await browser.text("main .notice").contains("Tag removed from 2 bookmarks.") }
            #expect(await web.source.find(4)?.tagNames == [])
            #expect(await web.source.find(3)?.tagNames == [])
            #expect(await web.source.find(2)?.tagNames == ["later"])
        }
    }
}
