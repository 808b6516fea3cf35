import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// End-to-end through headless Chromium (Debian's `chromium` + `chromedriver`) against a real server on
/// port 0: sign in, XSS, infinite scroll over 300 bookmarks with the scroll position kept, add (with paste
/// extraction and the duplicate hint), edit, delete with Undo, delete for real, archive by keyboard, search
/// with scopes, no results, a tag page, settings verify with a wrong token, dark mode; screenshots of the
/// list, add, search and tags pages in light and dark mode. One browser, one test, steps in order.
@Suite struct BrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func theWebAppInARealBrowser() async throws {
        let web = try await WebHarness.make(
            options: WebOptions(undoSeconds: 3, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
            prepare: { source in
                try await source.seed(300, tags: { ($0 % 2 == 0 ? ["even"] : []) + ($0 % 5 == 0 ? ["five"] : []) }, unread: { $0 % 3 == 0 })
                try await source.insert(Bookmark(id: 0, url: "https://xss.example/", title: "<img src=x onerror=alert(1)>",
                                             description: "<script>alert(2)</script>", tagNames: ["<b>x</b>"], dateAdded: Date(), dateModified: Date()))
            },
            verify: { config in
                guard config.token == "right" else { throw BookmarkSourceError.unauthorized }
                return ServerHealth(version: "1.36.0", status: "healthy")
            })
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await Steps(browser: browser, web: web, base: base).run()
        }
    }
}

/// The scenario, step by step.
private struct Steps {
    let browser: WebDriver
    let web: WebHarness
    let base: String

    func run() async throws {
        try await signIn()
        try await hostileTitleStaysText()
        try await infiniteScrollKeepsItsPlace()
        try await addWithPasteExtraction()
        try await duplicateHint()
        try await edit()
        try await deleteThenUndo()
        try await deleteForReal()
        try await archiveWithTheKeyboard()
        try await searchWithScopes()
        try await tagPage()
        try await settingsVerifyWithAWrongToken()
        try await darkModeAndScreenshots()
    }

    func rowCount() async throws -> Int {
        try await browser.run("return document.querySelectorAll('#rows > li.row:not(.skeleton)').length") as? Int ?? -1
    }

    func signIn() async throws {
        try await browser.open(base + "/")
        #expect(try await browser.currentURL == base + "/signin", "no session: the sign-in page")
        try await browser.open(try web.auth.signInLink(baseURL: base))
        try await browser.wait("the list") { try await browser.currentURL == base + "/" }
        #expect(try await rowCount() == 50)
    }

    func hostileTitleStaysText() async throws {
        #expect(try await browser.text("#b301 h2") == "<img src=x onerror=alert(1)>")
        #expect(try await browser.alertText() == nil, "no script ran")
        #expect(try await browser.run("return document.querySelectorAll('#b301 img:not(.fav), script:not([src])').length") as? Int == 0)
    }

    func infiniteScrollKeepsItsPlace() async throws {
        var rounds = 0
        while try await rowCount() < 301, rounds < 12 {
            rounds += 1
            let before = try await rowCount()
            _ = try await browser.run("window.scrollTo(0, document.body.scrollHeight)")
            try await browser.wait("more rows") {
                let ended = try await browser.findAll("#end").count == 1
                return try await rowCount() > before || ended
            }
        }
        #expect(try await rowCount() == 301)
        #expect(try await browser.text("#end") == "That is all.")
        let unique = try await browser.run("return new Set([...document.querySelectorAll('#rows > li.row')].map(r => r.id)).size") as? Int
        #expect(unique == 301, "no row twice")
        let y = try await browser.run("document.getElementById('b150').scrollIntoView(); return Math.round(scrollY)") as? Int ?? 0
        #expect(y > 1000)
        try await browser.click("#b150 > a")
        try await browser.click("#row-menu a[href='/bookmarks/150']")
        try await browser.wait("the bookmark page") { try await browser.currentURL == base + "/bookmarks/150" }
        try await browser.back()
        try await browser.wait("the list with every page back") { try await rowCount() == 301 }
        try await browser.wait("the scroll position") {
            let now = try await browser.run("return Math.round(scrollY)") as? Int ?? 0
            return abs(now - y) < 200
        }
    }

    func addWithPasteExtraction() async throws {
        try await browser.open(base + "/add")
        try await browser.click("details.paste summary")
        try await browser.type("Worth reading: https://paste.example/article today", into: "#paste")
        try await browser.click("#use-paste")
        try await browser.wait("the extracted URL") { try await browser.property("#url", "value") as? String == "https://paste.example/article" }
        #expect((try await browser.property("#notes", "value") as? String ?? "").contains("Worth reading"))
        try await browser.type("web, Reading list", into: "#tags")
        try await browser.click("#save")
        try await browser.wait("the list after saving") { try await browser.currentURL == base + "/" }
        #expect((try await browser.text("main")).contains("Bookmark saved."))
        let saved = await web.source.find(url: "https://paste.example/article")
        #expect(saved?.tagNames == ["Reading-list", "web"])
        #expect(saved?.notes.contains("Worth reading") == true)
    }

    func duplicateHint() async throws {
        try await browser.open(base + "/add")
        try await browser.type("https://example.com/article/5", into: "#url")
        try await browser.wait("the duplicate hint") { (try await browser.text("#duplicate")).contains("Already saved as “Bookmark number 5”") }
        #expect(try await browser.property("#duplicate a", "href") as? String == base + "/bookmarks/5/edit")
    }

    func edit() async throws {
        try await browser.open(base + "/bookmarks/7/edit")
        try await browser.type("Edited in the browser", into: "#title")
        try await browser.click("#save")
        try await browser.wait("the saved bookmark") { try await browser.currentURL == base + "/bookmarks/7" }
        #expect(web.source.updates.last?.id == 7)
        #expect(web.source.updates.last?.update == BookmarkUpdate(title: "Edited in the browser"))
    }

    func deleteThenUndo() async throws {
        try await browser.open(base + "/")
        try await browser.click("#b300 button[value='delete 300']")
        #expect(try await browser.property("#b300", "hidden") as? Bool == true, "the row goes at once")
        // The toast is shown by the same handler; on a loaded machine wait for it to be drawn before using it.
        try await browser.wait("the undo toast") {
            let shown = try await browser.property("#toast", "hidden") as? Bool == false
            let text = try await browser.text("#toast-text")
            return shown && text.hasPrefix("Deleted: Bookmark number 300")
        }
        try await browser.click("#toast-undo")
        // The delete went to the trash at once; Undo restores it from there (TrashBrowserTests has the details).
        try await browser.wait("the row back") { try await browser.property("#b300", "hidden") as? Bool == false }
        try await browser.open(base + "/tags")
        try await browser.open(base + "/")
        #expect(try await browser.findAll("#b300").count == 1)
        #expect(await web.source.find(300) != nil)
    }

    func deleteForReal() async throws {
        try await browser.click("#b299 button[value='delete 299']")
        try await browser.wait("the delete to reach the server at once") { await web.source.find(299) == nil }
        #expect(try await browser.property("#b299", "hidden") as? Bool == true)
        // Leaving the page right after Delete loses nothing: the delete is in the trash before Undo is offered.
        try await browser.click("#b298 button[value='delete 298']")
        try await browser.wait("the delete to reach the server") { await web.source.find(298) == nil }
        try await browser.open(base + "/tags")
        #expect(await web.source.find(298) == nil)
    }

    func archiveWithTheKeyboard() async throws {
        try await browser.open(base + "/")
        try await browser.keys("jjjk")
        let id = Int(try await browser.run("return document.querySelector('#rows > li.row.selected').dataset.id") as? String ?? "") ?? 0
        #expect(id == 301, "rows: 302 (added above), 301, 300 …; j j j k lands on the second")
        try await browser.keys("a")
        #expect((try await browser.text("#toast-text")).hasPrefix("Archived"))
        try await browser.wait("the archive to reach the server") { await web.source.find(id)?.isArchived == true }
    }

    func searchWithScopes() async throws {
        try await browser.open(base + "/search")
        try await browser.type("\"number 12\"", into: "#q")
        try await browser.click("#search-button")
        try await browser.wait("results") { try await browser.currentURL.contains("q=%22number+12%22") }
        #expect(try await rowCount() == 11)
        try await browser.click("#scope-unread")
        try await browser.wait("the unread scope") { try await browser.currentURL.contains("scope=unread") }
        #expect(try await rowCount() == 5)
        try await browser.type("even", into: "#scope-tag-name")
        try await browser.click("#scope-tag")
        try await browser.wait("the tag scope") { try await browser.currentURL.contains("scope=tag") }
        #expect(try await rowCount() == 6)
        try await browser.open(base + "/search")
        try await browser.type("swfit", into: "#q")
        try await browser.click("#search-button")
        try await browser.wait("no results") { (try await browser.findAll("#no-results")).count == 1 }
        #expect(try await browser.text("#no-results h2") == "No results for “swfit”")
    }

    func tagPage() async throws {
        try await browser.open(base + "/tags")
        try await browser.type("fiv", into: "#tag-filter")
        #expect(try await browser.property("#taglist li[data-name='even']", "hidden") as? Bool == true, "the filter box filters at once")
        try await browser.click("#taglist li[data-name='five'] a")
        try await browser.wait("the tag page") { try await browser.currentURL == base + "/tags/five" }
        #expect(try await rowCount() == 50)
        #expect((try await browser.text("h1")) == "Tag #five")
    }

    func settingsVerifyWithAWrongToken() async throws {
        try await browser.open(base + "/settings")
        try await browser.click("#source-linkding")
        try await browser.type("links.example", into: "#host")
        try await browser.type("wrong-token", into: "#token")
        try await browser.click("#verify")
        try await browser.wait("the verify result") { (try await browser.text("main")).contains("The API token was refused") }
        #expect(!FileManager.default.fileExists(atPath: web.configStore.file.path))
    }

    func darkModeAndScreenshots() async throws {
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let background = "return getComputedStyle(document.body).backgroundColor"
        for scheme in ["light", "dark"] {
            try await browser.emulateColorScheme(scheme)
            for (name, path) in [("list", "/"), ("add", "/add"), ("search", "/search?q=number+1&scope=all"), ("tags", "/tags")] {
                try await browser.open(base + path)
                let color = try await browser.run(background) as? String
                #expect(color == (scheme == "dark" ? "rgb(20, 20, 18)" : "rgb(251, 250, 247)"), "\(scheme) \(name)")
                try await browser.screenshot().write(to: folder.appendingPathComponent("\(name)-\(scheme).png"))
            }
        }
        try await browser.emulateColorScheme("light")
        try await browser.resize(width: 420, height: 860)
        try await browser.open(base + "/")
        #expect(try await browser.run("return getComputedStyle(document.querySelector('.tabs')).position") as? String == "fixed",
                "a phone-sized window puts the tab bar at the bottom")
        try await browser.screenshot().write(to: folder.appendingPathComponent("list-phone-light.png"))
        try await browser.resize(width: 1100, height: 900)
        try await browser.open(base + "/settings")
        try await browser.click("#theme-dark")
        try await browser.wait("the manual dark theme") { try await browser.run(background) as? String == "rgb(20, 20, 18)" }
        #expect(try await browser.run("return document.documentElement.dataset.theme") as? String == "dark")
        print("Web screenshots: \(folder.path)")
    }
}

/// Where screenshots go: `$MARKS_SCREENSHOT_DIR`, else `<package root>/screenshots/`.
enum Screenshots {
    static func folder() -> URL {
        if let dir = ProcessInfo.processInfo.environment["MARKS_SCREENSHOT_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir) }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("screenshots")
    }
}

