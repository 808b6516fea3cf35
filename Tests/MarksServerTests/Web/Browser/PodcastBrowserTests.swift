import Foundation
import MarksPodcasts
import Testing
@testable import MarksServer

/// Issue 13's Done-when 2 in headless Chromium (audio allowed without a gesture, muted): play, speed kept after a
/// reload, the position saved on the server and resumed (on "another device": no local state), the play queue (add,
/// reorder, remove), the sleep timer, finishing an episode marks it played and its bookmark read and plays the next
/// queued one, moving to another tab keeps playing (the same audio element, its time still running), and the Podcast
/// action (idle: made, then played on its page; busy: made in the background and queued). axe-core on the new pages
/// at desktop and phone widths, light and dark.
@Suite struct PodcastBrowserTests {
    static let audio = "document.getElementById('player-audio')"

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func playSpeedResumeQueueSleepPlayedAndNavigation() async throws {
        let h = try await PodcastHarness.make(seed: 4, seconds: 6, steps: 2, pollInterval: .milliseconds(200))
        defer { h.cleanUp() }
        // A minute long: at 1.5× a 10 s episode once ended (and paused) while axe-core ran on a loaded machine,
        // before the tab switch checked that it still played.
        let first = try h.readyEpisode(url: "https://example.com/article/1", bookmarkID: 1, title: "The first episode", seconds: 60,
                                       chapters: [.init(title: "Opening", start: 0), .init(title: "The end part", start: 6)])
        let second = try h.readyEpisode(url: "https://example.com/article/2", bookmarkID: 2, title: "The second episode", seconds: 30)
        await h.web.jobs.start()
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var serious: [String] = []
        let audio = Self.audio
        try await WebDriver.serving(h.web, arguments: ["--autoplay-policy=no-user-gesture-required", "--mute-audio"]) { browser, base in
            try await browser.resize(width: 1280, height: 900)
            try await browser.open(try h.web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/podcasts")
            #expect(try await browser.findAll("#episodes > li").count == 2)
            serious += try await axe(browser, "podcasts-light-desktop", folder)

            // Play on the full player.
            try await browser.click("#e\(first.key) h3 a")
            try await browser.wait("the player's controls") { try await browser.run("return !document.getElementById('player-controls').hidden && !document.getElementById('native-audio')") as? Bool == true }
            try await browser.click("#play")
            try await browser.wait("playing") { try await browser.run("return !\(audio).paused && \(audio).currentTime > 0.3") as? Bool == true }
            serious += try await axe(browser, "episode-light-desktop", folder)

            // Speed 1.5×.
            _ = try await browser.run("const s = document.getElementById('speed'); s.value = '1.5'; s.dispatchEvent(new Event('change'));")
            #expect(try await browser.run("return \(audio).playbackRate") as? Double == 1.5)

            // Another tab: the same element keeps playing, the mini-player shows it.
            _ = try await browser.run("\(audio).dataset.marker = 'kept';")
            let before = try await browser.run("return \(audio).currentTime") as? Double ?? 0
            try await browser.click("#chrome a[data-tab=bookmarks]")
            try await browser.wait("the list in place") { try await browser.currentURL == base + "/" }
            try await browser.wait("time still running") { try await browser.run("return \(audio).currentTime") as? Double ?? 0 > before + 0.3 }
            #expect(try await browser.run("return \(audio).dataset.marker") as? String == "kept", "the audio element was kept across the swap")
            #expect(try await browser.run("return \(audio).paused") as? Bool == false)
            #expect(try await browser.text("#mini-title") == "The first episode")
            serious += try await axe(browser, "miniplayer-light-desktop", folder)
            // Every other tab too (Ask and Collections included): swapped in place, the episode never pauses.
            for (tab, path) in [("search", "/search"), ("tags", "/tags"), ("sources", "/sources"), ("ask", "/ask"), ("collections", "/collections"),
                                ("highlights", "/highlights"), ("settings", "/settings"), ("bookmarks", "/")] {
                let at = try await browser.run("return \(audio).currentTime") as? Double ?? 0
                try await browser.click("#chrome a[data-tab=\(tab)]")
                try await browser.wait("the \(tab) tab") { try await URL(string: browser.currentURL)?.path == path }
                try await browser.wait("time still running on \(tab)") { try await browser.run("return \(audio).currentTime") as? Double ?? 0 > at + 0.2 }
                #expect(try await browser.run("return \(audio).paused") as? Bool == false, "\(tab)")
                #expect(try await browser.run("return \(audio).dataset.marker") as? String == "kept", "\(tab) kept the audio element")
            }

            // Pause from the mini-player: the position is saved on the server.
            try await browser.click("#mini-toggle")
            try await browser.wait("paused") { try await browser.run("return \(audio).paused") as? Bool == true }
            let stopped = try await browser.run("return \(audio).currentTime") as? Double ?? 0
            try await browser.wait("the position on the server") {
                abs((try h.podcasts.episode(key: first.key)?.positionSeconds ?? -9) - stopped) < 0.6
            }

            // A reload: the speed is kept, the episode resumes where it stopped.
            try await browser.open(base + "/podcasts/" + first.key)
            try await browser.wait("the player after a reload") {
                try await browser.run("return !!window.marksPlayer && \(audio).readyState >= 1 && Math.abs(\(audio).currentTime - \(stopped)) < 0.6") as? Bool == true
            }
            #expect(try await browser.run("return document.getElementById('speed').value") as? String == "1.5")
            #expect(try await browser.run("return \(audio).playbackRate") as? Double == 1.5)

            // Another device (nothing kept locally): the position comes from the server.
            try h.podcasts.savePosition(key: first.key, seconds: 3)
            _ = try await browser.run("localStorage.removeItem('marks.podcast.current');")
            try await browser.open(base + "/podcasts/" + first.key)
            try await browser.wait("resumed at the server's position") {
                try await browser.run("return !!window.marksPlayer && \(audio).readyState >= 1 && Math.abs(\(audio).currentTime - 3) < 0.6") as? Bool == true
            }

            // The queue: add both, move one up, remove one (plain forms, swapped in place).
            try await browser.open(base + "/podcasts")
            try await browser.click("#e\(second.key) form button")
            try await browser.wait("queued") { try await browser.findAll("#queue > li").count == 1 }
            try await browser.click("#e\(first.key) form button")
            try await browser.wait("two queued") { try await browser.findAll("#queue > li").count == 2 }
            #expect(try h.podcasts.queue().map(\.key) == [second.key, first.key])
            try await browser.click("#q\(first.key) form button[aria-label^='Move']")
            try await browser.wait("reordered") { try h.podcasts.queue().map(\.key) == [first.key, second.key] }
            try await browser.wait("the page in the new order") { try await browser.findAll("#q\(first.key):first-child").count == 1 }
            serious += try await axe(browser, "queue-light-desktop", folder)

            // The sleep timer (a few seconds here) pauses playback.
            try await browser.open(base + "/podcasts/" + second.key)
            try await browser.wait("the player") { try await browser.run("return !!window.marksPlayer && !document.getElementById('player-controls').hidden") as? Bool == true }
            try await browser.click("#play")
            try await browser.wait("playing the second") { try await browser.run("return !\(audio).paused && window.marksPlayer.current.key === '\(second.key)'") as? Bool == true }
            _ = try await browser.run("const s = document.getElementById('sleep'); s.add(new Option('2 seconds', '0.035')); s.value = '0.035'; s.dispatchEvent(new Event('change'));")
            #expect(try await browser.text("#sleep-left").hasPrefix("Stops in"))
            try await browser.wait("the sleep timer paused it") { try await browser.run("return \(audio).paused") as? Bool == true }

            // Played to the end: marked played, its bookmark read, the next queued episode plays.
            #expect(try await h.web.library.bookmark(id: 1).unread)
            try await browser.open(base + "/podcasts/" + first.key)
            try await browser.wait("the first's player") { try await browser.run("return !!window.marksPlayer && !document.getElementById('player-controls').hidden") as? Bool == true }
            _ = try await browser.run("const s = document.getElementById('seek'); s.value = '59'; s.dispatchEvent(new Event('change'));")
            try await browser.click("#play")
            try await browser.wait("played to the end", timeout: 40) { try h.podcasts.episode(key: first.key)?.played == true }
            try await browser.wait("the bookmark marked read") { try await h.web.library.bookmark(id: 1).unread == false }
            try await browser.wait("the next queued plays") {
                try await browser.run("return window.marksPlayer.current && window.marksPlayer.current.key === '\(second.key)' && !\(audio).paused") as? Bool == true
            }
            #expect(try h.podcasts.queue().map(\.key) == [second.key])
            try await browser.open(base + "/?show=all")
            #expect(try await browser.text("#b1 .meta").contains("Podcast played"))
            #expect(try await browser.text("#b2 .meta").contains("Podcast ready"))

            // The Podcast action, player busy: made in the background and queued, nothing interrupted.
            try await browser.open(base + "/bookmarks/4")
            try await browser.wait("playing on the bookmark page") {
                try await browser.run("if (window.marksPlayer) window.marksPlayer.play(); return !!window.marksPlayer && !!window.marksPlayer.current && !\(audio).paused") as? Bool == true
            }
            try await browser.click("#podcast")
            try await browser.wait("the toast") { try await browser.text("#toast-text").contains("Podcast queued") }
            let fourth = PodcastEntry.key(for: "https://example.com/article/4")
            #expect(try h.podcasts.queue().map(\.key).contains(fourth))
            #expect(try await browser.run("return window.marksPlayer.current.key") as? String == second.key, "what plays is not interrupted")

            // The Podcast action, player idle (from a row's More menu): made now, then played on its page.
            _ = try await browser.run("window.marksPlayer.pause();")
            try await browser.open(base + "/")
            try await browser.click("#b3 > a")
            try await browser.wait("the row menu") { try await browser.findAll("#row-menu button[data-podcast]").count == 1 }
            try await browser.click("#row-menu button[data-podcast]")
            let third = PodcastEntry.key(for: "https://example.com/article/3")
            try await browser.wait("the episode's page") { try await browser.currentURL.hasSuffix("/podcasts/" + third) }
            serious += try await axe(browser, "generating-light-desktop", folder)
            try await browser.wait("made and playing", timeout: 40) {
                try await browser.run("return window.marksPlayer.current && window.marksPlayer.current.key === '\(third)' && !\(audio).paused") as? Bool == true
            }
            try await browser.wait("its controls") { try await browser.run("return !!document.getElementById('player-controls') && !document.getElementById('player-controls').hidden") as? Bool == true }

            // Dark mode and the phone width.
            _ = try await browser.run("window.marksPlayer.pause();")
            try await browser.emulateColorScheme("dark")
            try await browser.open(base + "/podcasts?show=all")
            serious += try await axe(browser, "podcasts-dark-desktop", folder)
            try await browser.open(base + "/podcasts/" + first.key)
            serious += try await axe(browser, "episode-dark-desktop", folder)
            try await browser.resize(width: 390, height: 844)
            try await browser.open(base + "/podcasts?show=all")
            serious += try await axe(browser, "podcasts-dark-phone", folder)
            try await browser.open(base + "/podcasts/" + second.key)
            serious += try await axe(browser, "episode-dark-phone", folder)
            try await browser.open(base + "/")
            try await browser.wait("the mini-player") { try await browser.run("return !document.getElementById('mini-player').hidden") as? Bool == true }
            serious += try await axe(browser, "miniplayer-dark-phone", folder)
            try await browser.emulateColorScheme("light")
            try await browser.open(base + "/")
            try await browser.wait("the mini-player") { try await browser.run("return !document.getElementById('mini-player').hidden") as? Bool == true }
            serious += try await axe(browser, "miniplayer-light-phone", folder)
            try await browser.open(base + "/podcasts/" + first.key)
            serious += try await axe(browser, "episode-light-phone", folder)
        }
        await h.web.jobs.stop()
        #expect(serious.isEmpty, "axe-core: \(serious.joined(separator: "\n"))")
    }

    /// Serious axe-core violations of the current page, and a screenshot of it.
    private func axe(_ browser: WebDriver, _ name: String, _ folder: URL) async throws -> [String] {
        try await browser.screenshot().write(to: folder.appendingPathComponent("podcasts-\(name).png"))
        return try await browser.axe().filter(\.isSerious).map { "\(name): \($0)" }
    }
}
