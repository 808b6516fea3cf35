import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// Found walking the app with 3,000 bookmarks: on a row with an AI tag, → stopped on the tag's ▾ (its shut menu's
/// Accept and Dismiss counted as controls, Chromium laying them out, but could not take focus), so the row's
/// Mark read, Archive, Delete and More were out of a keyboard's reach; and the home cards' Recently added titles
/// spilled past their card at tablet width and 200% zoom, scrolling the whole page sideways.
@Suite struct RowKeyboardBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func arrowsReachEveryControlOfARowWithAnAITagAndTheCardsFitANarrowColumn() async throws {
        let web = try await WebHarness.make(prepare: { source in
            try await source.seed(4, title: { "A long enough title for bookmark number \($0), as real titles are" })
        })
        defer { web.cleanUp() }
        for id in 1...4 { try await web.library.setAIMetadata(id: id, summary: nil, tags: ["overview", "systems"], engine: "test") }
        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }

            // → from the row through every control: past both AI tags' ▾ to Delete and the More menu.
            _ = try await browser.run("document.querySelector('#rows > li.row').focus()")
            var seen: [String] = []
            for _ in 0..<16 {
                try await browser.keys("\u{E014}")  // ArrowRight
                let label = try await browser.run("""
                    const e = document.activeElement;
                    return e.tagName + ':' + (e.value || e.getAttribute('aria-label') || e.textContent).trim()
                    """) as? String ?? ""
                if seen.last == label { break }  // stuck: the bug
                seen.append(label)
                if label == "A:More" { break }  // the row's last control
            }
            #expect(seen.contains { $0.hasPrefix("BUTTON:delete ") }, "→ reaches Delete: \(seen)")
            #expect(seen.last == "A:More", "→ reaches the More menu: \(seen)")
            #expect(!seen.contains { $0.hasPrefix("BUTTON:accept ") || $0.hasPrefix("BUTTON:dismiss ") }, "a shut tag menu's buttons are skipped: \(seen)")
            // ← comes back the same way, past the ▾ to the title.
            for _ in 0..<(seen.count - 1) { try await browser.keys("\u{E012}") }  // ArrowLeft, back to the first control
            let back = try await browser.run("return document.activeElement.closest('h2') !== null") as? Bool
            #expect(back == true, "← returns to the title")

            // A narrow column (a tablet, or a laptop at 200% zoom): the cards fit, the page does not scroll sideways.
            for width in [820, 720] {
                try await browser.resize(width: width, height: 1000)
                try await browser.open(base + "/")
                // The wide layout keeps a scrollbar gutter (no shift when a page grows a scrollbar), which Chromium leaves
                // out of scrollWidth: no sideways scroll is a spill of zero or less.
                let spill = try #require(try await browser.run("return document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Int)
                #expect(spill <= 0, "no sideways scroll at \(width) px")
                let inside = try await browser.run("""
                    return [...document.querySelectorAll('.card li a')]
                        .every(a => a.getBoundingClientRect().right <= a.closest('.card').getBoundingClientRect().right + 0.5)
                    """) as? Bool
                #expect(inside == true, "the Recently added titles stay inside their card at \(width) px")
            }
        }
    }
    /// Found on the same walk: Edit from a list came back to the bookmark's page, so a person tidying a search had to
    /// find their place again. `j` then `e` on a search, a new title, Save: back on the same search at the row.
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func editFromASearchComesBackToIt() async throws {
        let web = try await WebHarness.make(prepare: { source in try await source.seed(30) })
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/search?q=number")
            try await browser.keys("j")
            try await browser.keys("e")
            try await browser.wait("the edit form") { try await browser.currentURL.contains("/edit?return=") }
            try await browser.type("Bookmark number 30, tidied", into: "#title")
            try await browser.click("#save")
            try await browser.wait("back on the search") { try await browser.currentURL.hasPrefix(base + "/search?q=number") }
            let page = try await browser.run("return document.body.innerText") as? String ?? ""
            #expect(page.contains("Changes saved."), "the notice shows on the list")
            let row = try await browser.run("return document.getElementById('b30')?.innerText ?? ''") as? String ?? ""
            #expect(row.contains("Bookmark number 30, tidied"), "\(row)")
            let hash = try await browser.run("return location.hash") as? String
            #expect(hash == "#b30", "scrolled to the row")
        }
    }
    /// Found on the walk: Settings' keyboard list put each action on a line of its own, indented under its keys. Each
    /// key now sits beside its action, on a phone and on a desktop.
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func theShortcutListPairsEachKeyWithItsAction() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            for (width, height) in [(1280, 900), (390, 844)] {
                try await browser.resize(width: width, height: height)
                try await browser.open(base + "/settings")
                let apart = try await browser.run("""
                    return [...document.querySelectorAll('dl.keys dt')].map(dt => {
                        const dd = dt.nextElementSibling;
                        return Math.abs(dt.getBoundingClientRect().top - dd.getBoundingClientRect().top) < 6 &&
                            dd.getBoundingClientRect().left > dt.getBoundingClientRect().right;
                    })
                    """) as? [Bool] ?? []
                #expect(apart.count >= 8 && apart.allSatisfy { $0 }, "each key beside its action at \(width) px: \(apart)")
            }
        }
    }
}
