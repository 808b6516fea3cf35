import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// The shell in headless Chromium: on a 390×844 phone a one-row bottom bar of five slots and the first
/// bookmark right under the header; on a desktop the sidebar with every tab; in-place navigation (links,
/// a GET form, a POST form, back) that keeps `#persistent` and the page's JavaScript state alive and puts
/// the scroll position back; toasts without a stray Undo button, full width on a phone, the `z` undo key;
/// gzip over real HTTP.
@Suite struct ShellBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func theShellInARealBrowser() async throws {
        let web = try await WebHarness.make(
            options: WebOptions(undoSeconds: 30, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
            prepare: { source in try await source.seed(80, tags: { $0 % 2 == 0 ? ["even"] : [] }, unread: { $0 % 3 == 0 }) })
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await ShellSteps(browser: browser, web: web, base: base).run()
        }
    }
}

private struct ShellSteps {
    let browser: WebDriver
    let web: WebHarness
    let base: String

    func run() async throws {
        try await browser.open(try web.auth.signInLink(baseURL: base))
        try await browser.wait("the list") { try await browser.currentURL == base + "/" }
        try await gzipOverTheWire()
        try await phoneLayout()
        try await desktopSidebar()
        try await inPlaceNavigationKeepsThePersistentRegion()
        try await backRestoresTheScrollPosition()
        try await toasts()
    }

    func number(_ script: String) async throws -> Double {
        let value = try await browser.run(script)
        if let int = value as? Int { return Double(int) }
        return value as? Double ?? .nan
    }

    func gzipOverTheWire() async throws {
        let sizes = try await browser.run("const n = performance.getEntriesByType('navigation')[0]; return [n.encodedBodySize, n.decodedBodySize]") as? [Int] ?? [0, 0]
        let page = Double(sizes.last ?? 0) / Double(max(1, sizes.first ?? 0))
        print("List page of 50 rows over the wire: \(sizes.first ?? 0) bytes gzip for \(sizes.last ?? 0) bytes of HTML")
        #expect(page > 3, "the list page came gzip-compressed (decoded/encoded = \(page))")
        let css = try await number("""
            const r = performance.getEntriesByType('resource').find(e => e.name.endsWith('.css'));
            return r && r.encodedBodySize > 0 ? r.decodedBodySize / r.encodedBodySize : -1
            """)
        #expect(css > 3, "the style sheet came gzip-compressed (decoded/encoded = \(css))")
    }

    func phoneLayout() async throws {
        try await browser.resize(width: 390, height: 844)
        try await browser.open(base + "/")
        let inner = try await number("return innerWidth")
        #expect(inner <= 400, "a phone-sized viewport (\(inner))")
        let slots = try await browser.run("""
            return [...document.querySelectorAll('#tabbar li')].filter(li => li.offsetParent !== null)
              .map(li => { const r = li.getBoundingClientRect(); return [li.dataset.tab, Math.round(r.top), Math.round(r.left)]; })
              .sort((a, b) => a[2] - b[2])
            """) as? [[Any]] ?? []
        #expect(slots.map { $0.first as? String ?? "" } == ["bookmarks", "search", "ask", "podcasts", "more"], "five slots, left to right: \(slots)")
        #expect(Set(slots.map { $0.dropFirst().first as? Int ?? -1 }).count == 1, "one row: \(slots)")
        let bar = try await number("return Math.round(document.querySelector('#tabbar ul').getBoundingClientRect().height)")
        #expect(bar < 80, "the bar is one row high (\(bar) px)")
        #expect(try await browser.run("return getComputedStyle(document.querySelector('.tabs')).position") as? String == "fixed")
        let header = try await number("return Math.round(document.getElementById('chrome').getBoundingClientRect().bottom)")
        let firstRow = try await number("return Math.round(document.querySelector('#rows > li.row').getBoundingClientRect().top)")
        print("Phone 390×844: header ends at y = \(Int(header)) px, the first bookmark row starts at y = \(Int(firstRow)) px, bottom bar \(Int(bar)) px")
        #expect(header <= 64, "a one-line header (\(header))")
        #expect(firstRow < 260, "the first row is right under the header, not at 722 px (\(firstRow))")
        let addTarget = try await number("const r = document.querySelector('.add-link').getBoundingClientRect(); return Math.min(r.width, r.height)")
        #expect(addTarget >= 44, "Add is a 44 px target (\(addTarget))")
        let labels = try await browser.run("return [...document.querySelectorAll('#tabbar li')].filter(li => li.offsetParent).map(li => li.innerText.trim())") as? [String]
        #expect(labels == ["Bookmarks", "Search", "Ask", "Podcasts", "More"], "icons with labels, in the page's order: \(labels ?? [])")
        let shown = try await browser.run("""
            return [...document.querySelectorAll('#tabbar li')].filter(li => li.offsetParent)
                .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left).map(li => li.innerText.trim())
            """) as? [String]
        #expect(shown == labels, "left to right as the keyboard goes: \(shown ?? [])")
        try await browser.click("#tabbar a[data-tab='more']")
        try await browser.wait("the More page") { try await browser.currentURL == base + "/more" }
        #expect((try await browser.text("#more-list")).contains("Settings"))
        try await browser.screenshot().write(to: try folder().appendingPathComponent("shell-phone-more.png"))
    }

    func desktopSidebar() async throws {
        try await browser.resize(width: 1100, height: 900)
        try await browser.open(base + "/tags")
        let visible = try await browser.run("return [...document.querySelectorAll('#tabbar li')].filter(li => li.offsetParent !== null).map(li => li.dataset.tab)") as? [String]
        #expect(visible == ["bookmarks", "search", "ask", "tags", "podcasts", "sources", "collections", "highlights", "settings"])
        let side = try await browser.run("const r = document.getElementById('chrome').getBoundingClientRect(); return [Math.round(r.left), Math.round(r.width), Math.round(innerHeight - r.height)]") as? [Int] ?? []
        #expect(side.first == 0 && (side.dropFirst().first ?? 0) < 260 && abs(side.last ?? 99) <= 1, "a full-height sidebar on the left: \(side)")
        let mainLeft = try await number("return Math.round(document.getElementById('main').getBoundingClientRect().left)")
        #expect(mainLeft >= Double(side.dropFirst().first ?? 0), "the content sits beside the sidebar")
        #expect(try await browser.run("return document.querySelector('#tabbar a[aria-current=page]').dataset.tab") as? String == "tags")
        try await browser.screenshot().write(to: try folder().appendingPathComponent("shell-desktop-tags.png"))
    }

    func inPlaceNavigationKeepsThePersistentRegion() async throws {
        try await browser.open(base + "/")
        _ = try await browser.run("""
            const p = document.getElementById('persistent'); const m = document.createElement('span');
            m.id = 'marker'; m.textContent = 'playing'; p.appendChild(m); window.__marksMarker = 42;
            """)
        let alive = "return !!document.getElementById('marker') && window.__marksMarker === 42"
        // 1: a tab in the sidebar.
        try await browser.click("#tabbar a[data-tab='tags']")
        try await browser.wait("the Tags page in place") { try await isTags() }
        #expect(try await browser.run(alive) as? Bool == true, "the marker and the page's JS state survive a link")
        #expect(try await browser.run("return document.title") as? String == "Tags · Marks")
        #expect(try await browser.run("return document.querySelector('#tabbar a[aria-current=page]').dataset.tab") as? String == "tags")
        // 2: a link inside the page.
        try await browser.click("#taglist li[data-name='even'] a")
        try await browser.wait("the tag page in place") { try await browser.currentURL == base + "/tags/even" }
        #expect(try await browser.run(alive) as? Bool == true, "… a second link")
        // 3: a GET form.
        try await browser.click("#tabbar a[data-tab='search']")
        try await browser.wait("the Search page") { try await browser.currentURL == base + "/search" }
        try await browser.type("\"number 12\"", into: "#q")
        try await browser.click("#search-button")
        try await browser.wait("the results in place") { try await browser.currentURL.contains("q=%22number+12%22") }
        #expect(try await browser.run(alive) as? Bool == true, "… a GET form")
        // 4: a POST form answered with a redirect.
        try await browser.click("#tabbar a[data-tab='settings']")
        try await browser.wait("Settings") { try await browser.currentURL == base + "/settings" }
        try await browser.click("#theme-dark")
        try await browser.wait("the dark theme, in place") { try await browser.run("return document.documentElement.dataset.theme") as? String == "dark" }
        #expect(try await browser.run(alive) as? Bool == true, "… a POST form and its redirect")
        #expect(try await browser.currentURL == base + "/settings")
        try await browser.click("#theme-system")
        try await browser.wait("the system theme again") { try await browser.run("return document.documentElement.dataset.theme") as? String == nil }
        // Back walks the history the swaps pushed.
        try await browser.open(base + "/tags")
        try await browser.click("#tabbar a[data-tab='collections']")
        try await browser.wait("Collections") { try await browser.currentURL == base + "/collections" }
        try await browser.back()
        try await browser.wait("back to Tags") { try await isTags() }
        #expect(try await browser.run("return document.querySelector('#tabbar a[aria-current=page]').dataset.tab") as? String == "tags")
    }

    func backRestoresTheScrollPosition() async throws {
        try await browser.open(base + "/")
        let y = try await number("scrollTo(0, 1800); return Math.round(scrollY)")
        #expect(y > 1500)
        try await browser.wait("the position to be recorded") { (try await browser.run("return history.state && history.state.y") as? Int ?? 0) > 1500 }
        try await browser.click("#tabbar a[data-tab='search']")
        try await browser.wait("Search") { try await browser.currentURL == base + "/search" }
        #expect(try await number("return Math.round(scrollY)") < 50, "a new page starts at the top")
        try await browser.back()
        try await browser.wait("the list, scrolled back to where it was") {
            guard try await browser.currentURL == base + "/" else { return false }
            return abs(try await number("return Math.round(scrollY)") - y) < 100
        }
    }

    func toasts() async throws {
        try await browser.resize(width: 390, height: 844)
        try await browser.open(base + "/")
        try await browser.keys("j")
        let id = try await browser.run("return document.querySelector('#rows > li.row.selected').id") as? String ?? ""
        try await browser.keys("a")
        try await browser.wait("the archive toast with Undo") {
            let toast = try await browser.property("#toast", "hidden") as? Bool
            let undo = try await browser.property("#toast-undo", "hidden") as? Bool
            return toast == false && undo == false
        }
        let width = try await number("return Math.round(document.getElementById('toast').getBoundingClientRect().width)")
        #expect(width >= 370, "full width on a phone (\(width) of 390)")
        try await browser.keys("z")
        try await browser.wait("the undo key undid it") { try await browser.text("#toast-text") == "Undone" }
        #expect(try await browser.property("#\(id)", "hidden") as? Bool == false, "the row is back")
        let undo = try await browser.run("const b = document.getElementById('toast-undo'); return [b.hidden, getComputedStyle(b).display, b.offsetWidth]") as? [Any]
        #expect(undo?.first as? Bool == true)
        #expect(undo?.dropFirst().first as? String == "none", "a toast that cannot be undone shows no Undo button: \(undo ?? [])")
        #expect(undo?.last as? Int == 0)
        try await browser.screenshot().write(to: try folder().appendingPathComponent("shell-phone-toast.png"))
        try await browser.resize(width: 1100, height: 900)
    }

    func isTags() async throws -> Bool {
        guard try await browser.currentURL == base + "/tags" else { return false }
        return try await browser.text("h1") == "Tags"
    }

    func folder() throws -> URL {
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
