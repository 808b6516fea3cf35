import Foundation
import HTTPServer
import MarksAccess
import MarksCore
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// Settings → Podcast feed in headless Chromium against a real server with the feed mounted: the URL and its QR
/// code, the feed answering at that URL without cookies, axe-core on the section, and Rotate making the old URL a 404.
@Suite struct PodcastFeedBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func settingsShowsTheFeedAndRotatesIt() async throws {
        let folder = try TemporaryDirectory(prefix: "marks-feed-browser")
        defer { folder.cleanUp() }
        let secrets = try FeedSecrets(kind: .podcast, database: try Database(path: folder.file("marks.sqlite").path), now: Date.init)
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.podcastFeed = secrets
        options.lanAddresses = { [] }
        let web = try await WebHarness.make(seed: 1, options: options)
        defer { web.cleanUp() }
        try folder.write("episode.mp3", Data(repeating: 0xFF, count: 4_000))
        let episode = FeedEpisode(key: "0123456789abcdef0123456789abcdef", title: "Caching & <friends>", site: "Example", articleURL: "https://example.com/a",
                                  sourceID: nil, published: Date(timeIntervalSince1970: 1_764_000_000), durationSeconds: 75,
                                  file: folder.file("episode.mp3"))
        var router = Router()
        web.app.register(on: &router)
        PodcastFeedResponder(secrets: secrets, episodes: .fixed([episode])).register(on: &router)
        let server = try LiveServer(serving: router)
        let base = "http://127.0.0.1:\(server.port)"
        let shots = Screenshots.folder()
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        do {
            let browser = try await WebDriver()
            do {
                try await flow(browser, base: base, web: web, secrets: secrets, shots: shots)
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func flow(_ browser: WebDriver, base: String, web: WebHarness, secrets: FeedSecrets, shots: URL) async throws {
        try await browser.open(try web.auth.signInLink(baseURL: base))
        try await browser.wait("the list") { try await browser.currentURL == base + "/" }
        try await browser.open(base + "/settings#podcast-feed")
        let old = try secrets.secret()
        let url = try await browser.text("#feed-url")
        #expect(url == "\(base)/feed/\(old)/podcast.xml")
        #expect(try await browser.findAll("#feed-qr svg").count == 1)
        #expect(try await browser.text("#feed-loopback").contains("this computer only"))
        let violations = try await browser.axe().filter { $0.isSerious && $0.targets.contains { $0.contains("feed") } }
        #expect(violations.isEmpty, "\(violations)")
        _ = try await browser.run("document.getElementById('podcast-feed').scrollIntoView()")
        try await browser.screenshot().write(to: shots.appendingPathComponent("settings-podcast-feed.png"))

        // The feed at that URL, fetched without cookies as a podcast app would.
        let feed = try await browser.run("""
            return fetch(arguments[0], {credentials: 'omit'}).then(async r => [r.status, r.headers.get('content-type'), await r.text()])
            """, [url]) as? [Any] ?? []
        #expect(feed.first as? Int == 200)
        #expect(feed.dropFirst().first as? String == "application/rss+xml; charset=utf-8")
        let xml = feed.last as? String ?? ""
        #expect(xml.contains("<title>Caching &amp; &lt;friends&gt;</title>"))
        #expect(xml.contains("<enclosure url=\"\(base)/feed/\(old)/episodes/0123456789abcdef0123456789abcdef.mp3\" length=\"4000\" type=\"audio/mpeg\"/>"))

        // Rotate: a new URL on the page, and the old one is a 404.
        try await browser.click("#feed-rotate")
        try await browser.wait("the new address") { try await browser.text("#feed-url") != url }
        let new = try secrets.secret()
        #expect(new != old)
        #expect(try await browser.text("#feed-url") == "\(base)/feed/\(new)/podcast.xml")
        #expect(try await browser.text("#podcast-feed").contains("A new feed address is ready."))
        let statuses = try await browser.run("""
            return Promise.all(arguments[0].map(u => fetch(u, {credentials: 'omit'}).then(r => r.status)))
            """, [[url, "\(base)/feed/\(new)/podcast.xml", "\(base)/feed/\(old)/episodes/0123456789abcdef0123456789abcdef.mp3"]]) as? [Int]
        #expect(statuses == [404, 200, 404])
        _ = try await browser.run("document.getElementById('podcast-feed').scrollIntoView()")
        try await browser.screenshot().write(to: shots.appendingPathComponent("settings-podcast-feed-rotated.png"))
    }
}
