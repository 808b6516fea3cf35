import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import Testing
@testable import MarksServer

/// The reader and favicons in headless Chromium, against a stand-in site on port 0: the list shows the site's
/// favicon served by Marks; the reader shows a structured article whose image loads through the signed proxy
/// (the site sees no cookie and no referrer); text size and width apply at once and are kept. Screenshots of
/// the reader in light and dark go where the other browser tests write theirs.
@Suite struct ReaderBrowserTests {
    static let article = """
        <html><head><title>A structured article</title><link rel="icon" href="/static/icon.png"></head><body>
        <nav><a href="/">Home</a> <a href="/about">About</a></nav>
        <article><h1>A structured article</h1>
        <p>This paragraph carries enough words, commas, and sentences to count as article text, and it goes on for a while longer.</p>
        <h2>What survives</h2><ul><li>Headings and lists</li><li>Links, <a href="/guide">like this one</a></li></ul>
        <figure><img src="/chart.png" alt="A small chart" width="320" height="200"><figcaption>A chart, proxied.</figcaption></figure>
        <blockquote>A quotation that is long enough to be kept in the article body.</blockquote>
        <pre><code>let answer = 42
        print(answer)</code></pre>
        <table><caption>Figures</caption><tr><th scope="col">Name</th><th scope="col">Value</th></tr><tr><td>Answer</td><td>42</td></tr></table>
        <p>Another paragraph with more words, commas, and sentences, so that the article is clearly the main text.</p>
        </article><script>document.title = "hijacked"</script></body></html>
        """

    /// A 64×40 PNG of four colour bands, so the screenshots show the proxied image.
    static let chart = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAUElEQVR42u3PMQ0AIQAEMJQwEjSQV4IFTDGzYgcxr+OSJjXQcluNVgQEBAQEBKIDdY1oAgICAgIC2YFv7mgCAgICAgLZgXd6NAEBAQEBgWg/SVOLprnhYiUAAAAASUVORK5CYII=") ?? Data()

    /// Waits for the reader's article. On a loaded machine the page fetch can miss its 10 s deadline; the page then
    /// says it could not be read (`.problem`), and, as a person would, the test opens it again.
    static func waitForArticle(_ browser: WebDriver, at address: String) async throws {
        try await browser.wait("the article", timeout: 120) {
            if try await !browser.findAll(".reader-body").isEmpty {
                return try await browser.text(".reader-body").contains("What survives")
            }
            if try await !browser.findAll(".problem").isEmpty { try await browser.open(address) }
            return false
        }
    }

    static func site() throws -> LiveServer {
        try LiveServer { request, _ in
            switch request.path {
            case "/", "/article": HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(article.utf8)))
            case "/chart.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(chart))
            case "/static/icon.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(ReaderWebTests.png))
            default: HTTPResponse(status: 404, body: .bytes(Data()))
            }
        }
    }

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func aStructuredArticleWithAProxiedImageAndFaviconsInTheList() async throws {
        let site = try Self.site()
        let fixture = try FaviconWebTests.Fixture()
        defer { fixture.cleanUp() }
        _ = try await fixture.service.fetch(site: FaviconWebTests.site(site), origin: site.baseURL)
        let fetcher = PageFetcher(policy: FetchPolicy(allowInternalAddresses: true))
        let reader = ArticleReader(fetcher: fetcher)
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.images = ImageFetcher(fetcher: fetcher)
        options.favicons = fixture.service
        let web = try await WebHarness.make(seed: 1, options: options, prepare: { source in
            try await source.insert(Bookmark(id: 0, url: site.baseURL.absoluteString + "/article", title: "A structured article",
                                             dateAdded: Date(timeIntervalSince1970: 0), dateModified: Date(timeIntervalSince1970: 0)))
        }, reader: { try await reader.read($0) })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            let loaded = "const i = document.querySelector(arguments[0]); return !!i && i.complete && i.naturalWidth > 0"
            try await browser.wait("the favicon served by Marks") {
                try await browser.run(loaded, ["img[src^='/favicons/']"]) as? Bool == true
            }
            #expect(try await browser.findAll("img[src^='/favicons/']").count == 1, "the other bookmark keeps its monogram")

            try await browser.open(base + "/bookmarks/2/read")
            try await Self.waitForArticle(browser, at: base + "/bookmarks/2/read")
            for css in [".reader-body h2", ".reader-body ul li", ".reader-body blockquote", ".reader-body pre code", ".reader-body table th",
                        ".reader-body figure figcaption", ".reader-body a[href$='/guide'][rel~='noreferrer']"] {
                #expect(try await browser.findAll(css).count >= 1, "\(css)")
            }
            #expect(try await browser.run("return document.title") as? String != "hijacked", "the page's script did not come along")
            try await browser.wait("the image through the proxy") { try await browser.run(loaded, [".reader-body img[src^='/reader/image?']"]) as? Bool == true }
            #expect(try await browser.run("return document.querySelector('.reader-body img').getAttribute('loading')") as? String == "lazy")
            #expect(try await browser.run("return document.querySelector('.reader-body img').getAttribute('width')") as? String == "320")
            let imageFetches = site.requests.filter { $0.path == "/chart.png" }
            #expect(!imageFetches.isEmpty)
            #expect(imageFetches.allSatisfy { $0.headers["Cookie"] == nil && $0.headers["Referer"] == nil }, "never hot-linked with the person's cookies")

            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                try await browser.open(base + "/bookmarks/2/read")
                try await Self.waitForArticle(browser, at: base + "/bookmarks/2/read")
                try await browser.screenshot().write(to: folder.appendingPathComponent("reader-\(scheme).png"))
                _ = try await browser.run("document.querySelector('.reader-body figure').scrollIntoView()")
                try await browser.screenshot().write(to: folder.appendingPathComponent("reader-figure-\(scheme).png"))
            }
            try await browser.emulateColorScheme("light")

            let fontSize = "return parseFloat(getComputedStyle(document.querySelector('.reader')).fontSize)"
            let before = try await browser.run(fontSize) as? Double ?? 0
            _ = try await browser.run("window.scrollTo(0, 0)")
            try await browser.click(".reader-settings summary")
            // With the script, a choice applies at once (Apply is for pages without it) and is posted in the background.
            #expect(try await browser.run("return document.querySelector('.reader-controls button').checkVisibility()") as? Bool == false)
            for (select, value) in [("reader-size", "larger"), ("reader-width", "wide")] {
                _ = try await browser.run("const s = document.getElementById(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }))",
                                          [select, value])
            }
            try await browser.wait("the larger text") { (try await browser.run(fontSize) as? Double ?? 0) > before }
            #expect(try await browser.currentURL == base + "/bookmarks/2/read")
            try await browser.wait("the choice kept") {
                let page = try await browser.run("return fetch(location.href).then(r => r.text())") as? String ?? ""
                return page.contains("reader-size-larger reader-width-wide")
            }
            try await browser.open(base + "/bookmarks/2/read")
            try await Self.waitForArticle(browser, at: base + "/bookmarks/2/read")
            #expect(try await browser.property("#reader-size", "value") as? String == "larger")
            try await browser.resize(width: 420, height: 860)
            try await browser.open(base + "/bookmarks/2/read")
            try await browser.screenshot().write(to: folder.appendingPathComponent("reader-phone-larger.png"))
            try await browser.resize(width: 1100, height: 900)
        }
        await site.stop()
    }
}
