import Foundation
import HTTPServer
import MarksCore
import MarksReading
import Testing
@testable import MarksServer

/// The read-later loop in headless Chromium against a real server on port 0: mark read from a row (in place,
/// no reload), the keyboard (one tab stop for the list, j/k and arrows, m), the row's More menu, reaching the
/// end of the reader marks read, `m` in the reader, Next unread, archive → Archived list → unarchive, sort,
/// bulk select with a shift-click range, bulk tag and bulk delete with its one confirmation, and the phone
/// layout. Screenshots (`lists-*.png`) go where BrowserTests writes its own.
@Suite struct ReadLaterBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func theReadLaterLoopInARealBrowser() async throws {
        let paragraphs = (1...60).map { "Paragraph \($0) of a long article, with enough words to fill a line or two of the reader view." }
        let web = try await WebHarness.make(
            options: WebOptions(undoSeconds: 1, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
            prepare: { try await $0.seed(30, unread: { _ in true }) },
            reader: { url in ReadableArticle(url: url, title: "Article", paragraphs: paragraphs, wordCount: 1200) })
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await LoopSteps(browser: browser, web: web, base: base).run()
        }
    }
}

private struct LoopSteps {
    let browser: WebDriver
    let web: WebHarness
    let base: String
    static let down = "\u{E015}", right = "\u{E014}", escape = "\u{E00C}"

    func run() async throws {
        try await browser.resize(width: 1100, height: 900)
        try await browser.open(try web.auth.signInLink(baseURL: base))
        try await browser.wait("the list") { try await browser.currentURL == base + "/" }
        try await markReadFromARow()
        try await keyboard()
        try await moreMenu()
        try await readerEnd()
        try await archiveAndUnarchive()
        try await sort()
        try await bulk()
        try await phone()
    }

    func unread(_ id: Int) async -> Bool? { await web.source.find(id)?.unread }

    func markReadFromARow() async throws {
        _ = try await browser.run("window.marksPage = 1")
        try await browser.click("#b30 button[value='read 30']")
        try await browser.wait("mark read to reach the server") { await unread(30) == false }
        try await browser.wait("the row to say so") { try await browser.text("#b30 button[value='unread 30']") == "Mark unread" }
        #expect(try await browser.findAll("#b30.unread").isEmpty, "the one unread mark goes once read")
        #expect(try await browser.run("return window.marksPage") as? Int == 1, "no reload")
        try await browser.click("#b30 button[value='unread 30']")
        try await browser.wait("mark unread to reach the server") { await unread(30) == true }
        try await browser.wait("the unread mark back") { try await browser.findAll("#b30.unread").count == 1 }
    }

    func keyboard() async throws {
        try await browser.open(base + "/")
        let stops = "return [...document.querySelectorAll('#rows *, #rows > li')].filter(e => e.tabIndex >= 0).length"
        #expect(try await browser.run(stops) as? Int == 1, "one tab stop for the whole list")
        try await browser.keys("jj")
        #expect(try await browser.run("return document.activeElement.id") as? String == "b29")
        try await browser.keys("m")
        try await browser.wait("m marks the row read") { await unread(29) == false }
        try await browser.keys(Self.down)
        #expect(try await browser.run("return document.activeElement.id") as? String == "b28")
        try await browser.keys(Self.right)
        #expect(try await browser.run("return document.activeElement.closest('li').id + ' ' + document.activeElement.tagName") as? String == "b28 A",
                "→ moves into the row, to its title")
        try await browser.keys(Self.escape)
        #expect(try await browser.run("return document.activeElement.id") as? String == "b28")
        #expect(try await browser.run(stops) as? Int == 1)
    }

    func moreMenu() async throws {
        try await browser.click("#b27 > a")
        try await browser.wait("the menu") { try await browser.property("#row-menu", "hidden") as? Bool == false }
        let items = try await browser.run("return [...document.querySelectorAll('#row-menu [role=menuitem]')].map(e => e.textContent).join('|')") as? String
        #expect(items == "Read|Edit|Open in a new tab|Copy link|Details")
        #expect(try await browser.run("return document.activeElement.textContent") as? String == "Read", "focus moves into the menu")
        try await browser.keys(Self.escape)
        #expect(try await browser.property("#row-menu", "hidden") as? Bool == true)
        #expect(try await browser.run("return document.activeElement.getAttribute('href')") as? String == "/bookmarks/27", "focus goes back to More")
        // The menu lives outside #main and leaves with its page view: an in-place move to another list leaves none behind.
        try await browser.click("#show a[href*='show=unread']")
        try await browser.wait("the Unread list, swapped in place") { try await browser.run("return location.search") as? String == "?show=unread" }
        #expect(try await browser.run("return document.querySelectorAll('#row-menu').length") as? Int == 0)
        try await browser.click("#b27 > a")
        try await browser.wait("the menu on the new page") { try await browser.property("#row-menu", "hidden") as? Bool == false }
        #expect(try await browser.run("return document.querySelectorAll('#row-menu').length") as? Int == 1)
        try await browser.keys(Self.escape)
    }

    func readerEnd() async throws {
        // A jump to the end (a link into the page: a citation, a highlight, the bar's Highlights link) is not reading.
        try await browser.open(base + "/bookmarks/27/read#reader-end")
        try await browser.wait("the end in view") {
            try await browser.run("const r = document.getElementById('reader-end').getBoundingClientRect(); return r.top < innerHeight") as? Bool == true
        }
        _ = try await browser.run("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => fetch(location.href).then(() => r(true)))))")
        #expect(await unread(27) == true, "a jump to the end does not mark it read")
        try await browser.open(base + "/bookmarks/27/read")
        #expect(await unread(27) == true, "opening is not reading")
        // The person's own scrolling to the end (End on the keyboard) does.
        _ = try await browser.run("document.activeElement && document.activeElement.blur()")
        try await browser.keys("\u{E010}")  // End
        try await browser.wait("the end marks it read") { await unread(27) == false }
        try await browser.wait("the end says so") { try await browser.text("#reader-end-status") == "Marked read." }
        try await browser.screenshot().write(to: try folder().appendingPathComponent("lists-reader-end.png"))
        try await browser.keys("m")
        try await browser.wait("m in the reader marks it unread again") { await unread(27) == true }
        try await browser.click("#next-unread")
        try await browser.wait("the next unread's reader") { try await browser.currentURL == base + "/bookmarks/26/read" }
    }

    func archiveAndUnarchive() async throws {
        try await browser.open(base + "/")
        try await browser.click("#b25 button[value='archive 25']")
        // The row is hidden at once; once the archive has reached the server the list may be swapped in place without it.
        #expect(try await browser.run("const row = document.getElementById('b25'); return row === null || row.hidden") as? Bool == true)
        try await browser.wait("the archive to reach the server") { await web.source.find(25)?.isArchived == true }
        #expect(await unread(25) == false, "archiving marks read")
        _ = try await browser.run("window.scrollTo(0, 0)")  // the sticky chrome would cover the filter
        try await browser.click("#show a[href='/?show=archived']")
        try await browser.wait("the Archived list") { try await browser.currentURL == base + "/?show=archived" }
        #expect(try await browser.findAll("#rows > li.row").count == 1)
        try await browser.screenshot().write(to: try folder().appendingPathComponent("lists-archived.png"))
        try await browser.click("#b25 button[value='unarchive 25']")
        try await browser.wait("unarchive to reach the server") { await web.source.find(25)?.isArchived == false }
    }

    func sort() async throws {
        try await browser.open(base + "/")
        try await browser.click("#sort-title")
        try await browser.wait("sorted by title") { try await browser.currentURL == base + "/?sort=title" }
        #expect(try await browser.run("return document.querySelector('#rows > li.row').id") as? String == "b1", "“…number 1” sorts first")
        _ = try await browser.run("window.scrollTo(0, 0)")
        try await browser.click("#show a[href='/?show=unread&sort=title']")
        try await browser.wait("the unread list keeps the sort") { try await browser.currentURL == base + "/?show=unread&sort=title" }
    }

    func bulk() async throws {
        try await browser.open(base + "/")
        try await browser.click("#select-mode")
        try await browser.wait("select mode") { try await browser.findAll("#rows input.pick").count == 30 }
        try await browser.click("#b24 input.pick")
        _ = try await browser.run("document.querySelector('#b22 input.pick').dispatchEvent(new MouseEvent('click', {bubbles: true, shiftKey: true}))")
        #expect(try await browser.run("return [...document.querySelectorAll('#rows input.pick:checked')].map(b => b.value).join(',')") as? String == "24,23,22",
                "shift-click picks the range")
        #expect(try await browser.text("#bulk-count") == "3 selected")
        try await browser.screenshot().write(to: try folder().appendingPathComponent("lists-select.png"))
        try await browser.type("bulk", into: "#bulk-tag")
        try await browser.click("#bulk-tag-add")
        try await browser.wait("tagged") { try await browser.text("main .notice").contains("Tag added to 3 bookmarks.") }
        #expect(await web.source.find(23)?.tagNames == ["bulk"])
        try await browser.click("#b22 input.pick")
        try await browser.click("#b21 input.pick")
        try await browser.click("#bulk-delete")
        try await browser.wait("the one confirmation") { try await browser.text("h1") == "Delete 2 bookmarks?" }
        #expect(await web.source.find(22) != nil, "nothing deleted before the answer")
        try await browser.click("#bulk-confirm-delete")
        try await browser.wait("deleted") { try await browser.text("main .notice").contains("2 bookmarks deleted.") }
        #expect(await web.source.find(22) == nil)
        #expect(await web.source.find(21) == nil)
    }

    func phone() async throws {
        let shots = try folder()
        try await browser.open(base + "/")
        try await browser.screenshot().write(to: shots.appendingPathComponent("lists-desktop-light.png"))
        try await browser.resize(width: 420, height: 860)
        try await browser.open(base + "/")
        let heights = try await browser.run("return [...document.querySelectorAll('#b20 > button, #b20 > a')].map(b => Math.round(b.getBoundingClientRect().width)).join(',')") as? String
        #expect(heights?.split(separator: ",").count == 4, "three buttons and More on a phone: \(heights ?? "")")
        let oneLine = try await browser.run("const r = [...document.querySelectorAll('#b20 > button, #b20 > a')].map(b => Math.round(b.getBoundingClientRect().top)); return new Set(r).size == 1") as? Bool
        #expect(oneLine == true, "the row's buttons fit one line on a phone")
        #expect(try await browser.run("return document.querySelector('#b20 button[value=\"archive 20\"]').textContent") as? String == "Archive",
                "icon buttons keep their names")
        _ = try await browser.run("document.getElementById('b20').scrollIntoView({block: 'center'})")
        try await browser.screenshot().write(to: shots.appendingPathComponent("lists-phone-light.png"))
        try await browser.emulateColorScheme("dark")
        try await browser.open(base + "/")
        _ = try await browser.run("document.getElementById('b20').scrollIntoView({block: 'center'})")
        try await browser.screenshot().write(to: shots.appendingPathComponent("lists-phone-dark.png"))
        try await browser.emulateColorScheme("light")
        try await browser.resize(width: 1100, height: 900)
    }

    func folder() throws -> URL {
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
