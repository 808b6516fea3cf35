import Foundation
import HTTPServer
import MarksCore
import MarksReading
import MarksTestSupport
import Testing
@testable import MarksServer

/// Settings → Feeds in headless Chromium against a real server, the feeds served on loopback: follow one by typing
/// its address, Check now saves its item and says so, a failing feed says why; axe-core finds no serious violation
/// on the page (labels, names of the per-feed buttons).
@Suite struct FeedsBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func followCheckAndAFailingFeed() async throws {
        let site = try WebFeedsTests.site()
        let folder = try TemporaryDirectory(prefix: "marks-feeds-browser")
        defer { folder.cleanUp() }
        let feeds = try WebFeedsTests.feeds(in: folder)
        try feeds.add(url: "http://127.0.0.1:\(site.port)/page")
        let web = try await WebHarness.make(seed: 1, configure: { _, _, options in options.feeds = feeds })
        defer { web.cleanUp() }
        var router = Router()
        web.app.register(on: &router)
        let server = try LiveServer(serving: router)
        let base = "http://127.0.0.1:\(server.port)"
        let feedBase = "http://127.0.0.1:\(site.port)"
        do {
            let browser = try await WebDriver()
            do {
                try await browser.open(try web.auth.signInLink(baseURL: base))
                try await browser.wait("the list") { try await browser.currentURL == base + "/" }
                try await browser.open(base + "/settings/feeds")
                try await browser.click("#feed-1 button[type=submit]")  // Check now on the page that is not a feed
                try await browser.wait("the failure") { try await browser.text("main").contains("Failing: Not a feed") }

                try await browser.type("\(feedBase)/feed.xml", into: "#feed-url")
                try await browser.type("news", into: "#feed-tags")
                try await browser.click("#feeds-add-button")
                try await browser.wait("the new feed") { try await browser.findAll("#feed-2").count == 1 }
                try await browser.click("#feed-2 button[type=submit]")
                try await browser.wait("its check") { try await browser.text("main").contains("Checked Loopback blog: 1 new bookmark.") }
                #expect(try await web.library.check(url: "\(feedBase)/hello").bookmark?.tagNames == ["news"])

                let violations = try await browser.axe().filter(\.isSerious)
                #expect(violations.isEmpty, "\(violations)")
                let shots = Screenshots.folder()
                try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
                try await browser.screenshot().write(to: shots.appendingPathComponent("settings-feeds.png"))
                _ = try await browser.run("document.getElementById('feed-subscriptions').scrollIntoView()")
                try await browser.screenshot().write(to: shots.appendingPathComponent("settings-feeds-list.png"))
            } catch {
                await browser.quit()
                throw error
            }
            await browser.quit()
        } catch {
            await server.stop()
            await site.stop()
            throw error
        }
        await server.stop()
        await site.stop()
    }
}
