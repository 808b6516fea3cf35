import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import Testing
@testable import MarksServer

/// Resume and the action bar in headless Chromium (issue 37 items 2 and 3, Done-when 1): a long article read halfway
/// on a desktop profile (light) reopens at the same words on a phone profile (dark) — another browser with its own
/// cookies and storage, so the place can only have come from the server. The bar stays at the top while reading, and
/// "Aa" applies a text size at once (no page load) and keeps it after a reload.
@Suite struct ReaderResumeBrowserTests {
    /// A long article: 160 numbered paragraphs under a few headings, so a place in it is unambiguous.
    static let article: String = {
        var html = "<html><head><title>A long read</title></head><body><article><h1>A long read</h1>"
        for part in 0..<8 {
            html += "<h2>Part \(part + 1)</h2>"
            for n in 0..<20 {
                let k = part * 20 + n
                html += "<p>Paragraph \(k) says something of its own, with enough words, commas, and sentences to be read as article text. "
                html += "It goes on for a second sentence, so that it wraps over a few lines on a phone and on a desktop alike.</p>"
            }
        }
        return html + "</article></body></html>"
    }()

    /// The first block under the bar, as the reader's script counts blocks.
    static let topBlock = """
        const bar = document.querySelector('.reader-toolbar').getBoundingClientRect().bottom;
        const blocks = [...document.querySelectorAll('.reader-body :is(p, h2, h3, h4, h5, h6, li, pre, blockquote, figure, table, dt, dd)')];
        const top = blocks.find(b => b.getBoundingClientRect().bottom > bar + 8);
        return top ? top.textContent.slice(0, 14) : '';
        """

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func halfwayOnADesktopReopensAtTheSameWordsOnAPhone() async throws {
        let site = try LiveServer { request, _ in
            request.path == "/long"
                ? HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(Self.article.utf8)))
                : HTTPResponse(status: 404, body: .bytes(Data()))
        }
        let reader = ArticleReader(fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true)))
        let web = try await WebHarness.make(seed: 0, prepare: { source in
            try await source.insert(Bookmark(id: 0, url: site.baseURL.absoluteString + "/long", title: "A long read", unread: true,
                                             dateAdded: Date(timeIntervalSince1970: 0), dateModified: Date(timeIntervalSince1970: 0)))
        }, reader: { try await reader.read($0) })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        try await WebDriver.serving(web) { desktop, base in
            let address = base + "/bookmarks/1/read"
            try await desktop.resize(width: 1280, height: 800)
            try await desktop.emulateColorScheme("light")
            try await desktop.open(try web.auth.signInLink(baseURL: base))
            try await desktop.wait("the list") { try await desktop.currentURL == base + "/" }
            try await desktop.open(address)
            try await Self.waitForText(desktop, at: address)
            #expect(try await desktop.run("return scrollY") as? Double ?? 1 == 0, "the first time it opens at the top")

            // "Aa": a larger size at once, no page load; kept after a reload.
            _ = try await desktop.run("window.stayed = true")
            let fontSize = "return parseFloat(getComputedStyle(document.querySelector('.reader')).fontSize)"
            let before = try await desktop.run(fontSize) as? Double ?? 0
            try await desktop.click(".reader-settings summary")
            _ = try await desktop.run("const s = document.getElementById('reader-size'); s.value = 'larger'; s.dispatchEvent(new Event('change', { bubbles: true }))")
            #expect((try await desktop.run(fontSize) as? Double ?? 0) > before, "applied at once")
            #expect(try await desktop.run("return window.stayed === true") as? Bool == true, "without a page load")
            try await desktop.wait("the size kept") {
                let page = try await desktop.run("return fetch(location.href).then(r => r.text())") as? String ?? ""
                return page.contains("reader-size-larger")
            }
            try await desktop.click(".reader-settings summary")

            // Read to paragraph 80 (halfway), a little into it.
            _ = try await desktop.run("""
                const p = [...document.querySelectorAll('.reader-body p')].find(p => p.textContent.startsWith('Paragraph 80 '));
                p.scrollIntoView(); scrollBy(0, -80);
                """)
            _ = try await desktop.run("scrollBy(0, 90)")
            let stuck = "return document.querySelector('.reader-toolbar').getBoundingClientRect().top"
            #expect(abs(try await desktop.run(stuck) as? Double ?? 99) < 2, "the bar stays at the top while reading")
            let place = try await desktop.run(Self.topBlock) as? String ?? ""
            #expect(place.hasPrefix("Paragraph 80"), "\(place)")
            try await desktop.wait("the place kept by the server") {
                let page = try await desktop.run("return fetch(location.href).then(r => r.text())") as? String ?? ""
                return page.contains("data-at-quote=\"Paragraph 80 ")
            }
            try await desktop.screenshot().write(to: folder.appendingPathComponent("reader-resume-desktop-light.png"))

            // Another browser profile, a phone in dark mode: the same words at the top.
            let phone = try await WebDriver()
            do {
                try await phone.resize(width: 390, height: 844)
                try await phone.emulateColorScheme("dark")
                try await phone.open(try web.auth.signInLink(baseURL: base))
                try await phone.wait("the phone's list") { try await phone.currentURL == base + "/" }
                try await phone.open(address)
                try await Self.waitForText(phone, at: address)
                try await phone.wait("reopened at paragraph 80") { (try await phone.run(Self.topBlock) as? String ?? "").hasPrefix("Paragraph 80") }
                #expect(try await phone.text("#reader-resumed").contains("Back where you stopped"))
                #expect(abs(try await phone.run(stuck) as? Double ?? 0) > 30, "on a phone the bar sits under the header")
                try await phone.screenshot().write(to: folder.appendingPathComponent("reader-resume-phone-dark.png"))

                // A citation link into the page wins over the saved place.
                try await phone.open(address + "?highlight=Paragraph%203%20says#passage")
                try await Self.waitForText(phone, at: address + "?highlight=Paragraph%203%20says#passage")
                #expect(!(try await phone.run(Self.topBlock) as? String ?? "").hasPrefix("Paragraph 80"))
            } catch {
                await phone.quit()
                throw error
            }
            await phone.quit()
        }
        await site.stop()
    }

    /// Waits for the article's text (the page fetch can miss its deadline on a loaded machine: then open it again).
    static func waitForText(_ browser: WebDriver, at address: String) async throws {
        try await browser.wait("the article", timeout: 120) {
            if try await !browser.findAll(".reader-body").isEmpty { return try await browser.text(".reader-body").contains("Paragraph 159") }
            if try await !browser.findAll(".problem").isEmpty { try await browser.open(address) }
            return false
        }
    }
}
