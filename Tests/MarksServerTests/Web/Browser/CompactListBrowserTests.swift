import Foundation
import MarksTestSupport
import Testing
@testable import MarksServer

/// The list header and density (issue 37 item 9) in headless Chromium at a 1280×800 viewport: the filters, sort, count
/// and links are one line on a desktop; the home cards fold away under one line and stay folded after a reload; in
/// compact density (Settings → Appearance) at least 8 whole rows show below the header, and the row's buttons still
/// work from the keyboard. Screenshots in light and dark.
@Suite struct CompactListBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func aDesktopShowsOneLineOfFiltersAndEightRowsWhenCompact() async throws {
        let web = try await WebHarness.make { try await $0.seed(60) }
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let wholeRows = "return [...document.querySelectorAll('#rows > li.row')].filter(r => r.getBoundingClientRect().bottom <= innerHeight).length"
        let toolbarHeight = "return document.querySelector('.toolbar').getBoundingClientRect().height"
        try await WebDriver.serving(web) { browser, base in
            try await browser.emulateViewport(width: 1280, height: 800)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await !browser.findAll("#rows > li.row").isEmpty }
            #expect(try await browser.run(toolbarHeight) as? Double ?? 99 < 40, "filters, sort, count and links on one line")

            // Compact, chosen in Settings like a person would.
            try await browser.open(base + "/settings")
            try await browser.click("#density-compact")
            try await browser.wait("back on Settings") { try await browser.findAll("#density-compact[aria-pressed=true]").count == 1 }
            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                try await browser.open(base + "/")
                try await browser.wait("the compact list") { try await !browser.findAll("html[data-density=compact] #rows > li.row").isEmpty }
                #expect(try await browser.findAll("#cards-fold[open]").isEmpty, "the cards start folded in compact density")
                let rows = try await browser.run(wholeRows) as? Int ?? 0
                #expect(rows >= 8, "\(rows) whole rows at 1280×800")
                #expect(try await browser.run(toolbarHeight) as? Double ?? 99 < 40)
                try await browser.screenshot().write(to: folder.appendingPathComponent("list-compact-\(scheme).png"))
            }

            // Opening the cards is remembered across a reload.
            try await browser.click("#cards-fold > summary")
            try await browser.wait("the cards open") { try await browser.findAll("#cards-fold[open]").count == 1 }
            try await browser.open(base + "/")
            try await browser.wait("the list again") { try await !browser.findAll("#rows > li.row").isEmpty }
            #expect(try await browser.findAll("#cards-fold[open]").count == 1, "still open after a reload")

            // The keyboard still reaches a row's buttons: j selects the first row, m marks it read in place.
            _ = try await browser.run("document.activeElement && document.activeElement.blur()")
            try await browser.keys("j")
            let first = try await browser.run("return document.querySelector('#rows > li.row.selected') ? document.querySelector('#rows > li.row.selected').id : ''") as? String ?? ""
            #expect(!first.isEmpty)
            let wasUnread = try await browser.findAll("#\(first).unread").count == 1
            try await browser.keys("m")
            try await browser.wait("marked in place") { try await browser.findAll("#\(first).unread").count == (wasUnread ? 0 : 1) }
        }
    }
}
