import Foundation
import HTTPServer
import MarksCore
import MarksDocuments
import MarksPodcasts
import MarksJobs
import SQLiteDatabase
import Testing
@testable import MarksServer
import MarksTestSupport

/// The Podcasts tab, the player's requests and the Podcast action through the responder seam (issue 13 items 6 and 7):
/// the library filters and states, empty states, the queue forms, the audio with Range, the saved position, played →
/// bookmark read (and the setting that turns it off), the rows' state and Podcast action, and everything without script.
@Suite struct WebPodcastsTests {
    @Test func emptyLibrarySaysWhatToDo() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let page = WebClient.text(try await client.get("/podcasts"))
        #expect(page.contains("id=\"podcasts-empty\""))
        #expect(page.contains("No podcasts yet"))
        #expect(page.contains("id=\"queue-empty\""))
        #expect(!page.contains("Not built yet"))
    }

    /// Issue 13: an episode's page has Delete…, which asks first; with confirm=1 the episode and its audio file go,
    /// and its page answers 404 (the library had delete-with-file, the web app had no way to reach it).
    @Test func deletingAnEpisodeAsksFirstThenRemovesItAndItsFile() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        let entry = try h.readyEpisode(url: "https://example.com/article/9", bookmarkID: 9, title: "Old <news>")
        let file = h.podcasts.audioFile(for: entry)
        #expect(FileManager.default.fileExists(atPath: file.path))
        var client = try await h.web.signedIn()
        let page = WebClient.text(try await client.get("/podcasts/\(entry.key)"))
        #expect(page.contains("id=\"episode-delete\""))

        let question = try await client.post("/podcasts/\(entry.key)/delete", [("return", "/podcasts/\(entry.key)")])
        #expect(question.status == 200)
        let asked = WebClient.text(question)
        #expect(asked.contains("id=\"episode-delete-confirm\""))
        #expect(asked.contains("Old &lt;news&gt;"))
        #expect(try h.podcasts.episode(key: entry.key) != nil)  // nothing deleted before the answer
        #expect(FileManager.default.fileExists(atPath: file.path))

        let deleted = try await client.post("/podcasts/\(entry.key)/delete", [("confirm", "1")])
        #expect(deleted.status == 303)
        #expect(try h.podcasts.episode(key: entry.key) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await client.get("/podcasts/\(entry.key)").status == 404)
        #expect(try await client.post("/podcasts/\(entry.key)/delete", [("confirm", "1")]).status == 404)
    }

    /// Issue 13 item 5: a source row in the Sources list shows its episode's state, as bookmark rows do.
    @Test func sourceRowsShowTheirPodcastState() async throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-web-source-podcasts")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { do { try FileManager.default.removeItem(at: directory) } catch {} } // a temp dir left behind does not fail a test
        let sources = try DocumentLibrary(database: try Database(path: directory.appendingPathComponent("sources.sqlite").path),
                                        directory: directory.appendingPathComponent("sources", isDirectory: true),
                                        extractor: DocumentExtractor(tools: .find(path: nil), maximumTextBytes: 1 << 20),
                                        limits: DocumentLimits(), now: { Date() })
        let heard = try await sources.addText("Herons return to the marsh every spring.", title: "Herons").summary
        let quiet = try await sources.addText("Nothing to hear here yet.", title: "Quiet").summary
        let making = try await sources.addText("The tide turns twice a day.", title: "Tides").summary
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.sourceLibrary = sources
        let h = try await PodcastHarness.make(options: options)
        defer { h.cleanUp() }
        let ready = try h.podcasts.index.begin(url: "marks-source://\(heard.id.uuidString.lowercased())", bookmarkID: nil,
                                               sourceID: heard.id.uuidString.lowercased(), title: "Herons", site: "Sources", now: Date()).entry
        _ = try h.makeReady(ready.key)
        let generating = try h.podcasts.index.begin(url: "marks-source://\(making.id.uuidString.lowercased())", bookmarkID: nil,
                                                    sourceID: making.id.uuidString.lowercased(), title: "Tides", site: "Sources", now: Date()).entry
        try h.podcasts.index.recordProgress(key: generating.key, jobID: "job-7", state: .generating, progress: 0.3, now: Date())
        var client = try await h.web.signedIn()

        let page = WebClient.text(try await client.get("/sources"))
        func row(_ source: DocumentSummary) -> String {
            let start = page.range(of: "id=\"s\(source.shortID)\"")
            guard let start else { return "" }
            let rest = page[start.upperBound...]
            return String(rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)])
        }
        #expect(row(heard).contains("Podcast ready"))
        #expect(row(making).contains("Podcast 30%"))
        #expect(!row(quiet).isEmpty)
        #expect(!row(quiet).contains("Podcast"))
    }

    /// A 19-second episode says "19 s", not "1 min"; a failed episode offers no Queue (row) or Add to queue (page):
    /// there is nothing to play.
    @Test func shortAndFailedEpisodesAreWordedHonestly() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        let short = try h.readyEpisode(url: "https://example.com/article/1", bookmarkID: 1, title: "Short one", seconds: 19)
        let broken = try h.podcasts.index.begin(url: "https://example.org/x", bookmarkID: nil, sourceID: nil, title: "Broken",
                                                site: "example.org", now: Date()).entry
        try h.podcasts.index.recordFailure(key: broken.key, error: "The page has no readable text.", now: Date())
        var client = try await h.web.signedIn()
        let list = WebClient.text(try await client.get("/podcasts"))
        func row(_ key: String) -> String {
            guard let start = list.range(of: "id=\"e\(key)\"") else { return "" }
            let rest = list[start.upperBound...]
            return String(rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)])
        }
        #expect(row(short.key).contains("example.com · 19 s"))
        #expect(!row(short.key).contains("1 min"))
        #expect(row(short.key).contains(">Queue<"))
        #expect(row(broken.key).contains("The page has no readable text."))
        #expect(!row(broken.key).contains("/queue\""), "no Queue for a failed episode")
        let page = WebClient.text(try await client.get("/podcasts/\(broken.key)"))
        #expect(!page.contains("Add to queue"))
        #expect(page.contains("id=\"episode-delete\""))
        #expect(WebClient.text(try await client.get("/podcasts/\(short.key)")).contains("Add to queue"))
        #expect(EpisodeText.minutes(0.4) == "1 s")
        #expect(EpisodeText.minutes(59.4) == "59 s")
        #expect(EpisodeText.minutes(60) == "1 min")
        #expect(EpisodeText.minutes(12 * 60 + 10) == "12 min")
    }

    @Test func libraryFiltersAndStates() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        let ready = try h.readyEpisode(url: "https://example.com/article/1", bookmarkID: 1, title: "Ready one")
        let played = try h.readyEpisode(url: "https://example.com/article/2", bookmarkID: 2, title: "Played one")
        _ = try await h.podcasts.markPlayed(key: played.key)
        let making = try h.podcasts.index.begin(url: "https://example.com/article/3", bookmarkID: 3, sourceID: nil, title: "Being made",
                                                site: "example.com", now: Date()).entry
        try h.podcasts.index.recordProgress(key: making.key, jobID: "job-1", state: .generating, progress: 0.4, now: Date())
        let broken = try h.podcasts.index.begin(url: "https://example.org/x", bookmarkID: nil, sourceID: nil, title: "Broken",
                                                site: "example.org", now: Date()).entry
        try h.podcasts.index.recordFailure(key: broken.key, error: "The page has no readable text.", now: Date())
        var client = try await h.web.signedIn()

        let unplayed = WebClient.text(try await client.get("/podcasts"))
        #expect(unplayed.contains("id=\"e\(ready.key)\""))
        #expect(!unplayed.contains("id=\"e\(played.key)\""))
        #expect(unplayed.contains("Generating 40%"))
        #expect(unplayed.contains("The page has no readable text."))
        #expect(unplayed.contains("<span class=\"state ready\">Ready</span>"))
        let playedPage = WebClient.text(try await client.get("/podcasts?show=played"))
        #expect(playedPage.contains("id=\"e\(played.key)\""))
        #expect(!playedPage.contains("id=\"e\(ready.key)\""))
        #expect(playedPage.contains("Mark unplayed"))
        let all = WebClient.text(try await client.get("/podcasts?show=all"))
        #expect(all.contains("4 episodes"))
        try h.podcasts.markUnplayed(key: played.key)
        _ = try await h.podcasts.markPlayed(key: ready.key)
        _ = try await h.podcasts.markPlayed(key: played.key)
        try h.podcasts.delete(key: making.key)
        try h.podcasts.delete(key: broken.key)
        let none = WebClient.text(try await client.get("/podcasts"))
        #expect(none.contains("Nothing left to play"), "an unplayed filter with nothing in it says so, not 'no podcasts yet'")
    }

    @Test func queueAddMoveRemoveWithPlainForms() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        let a = try h.readyEpisode(url: "https://example.com/article/1", bookmarkID: 1, title: "First")
        let b = try h.readyEpisode(url: "https://example.com/article/2", bookmarkID: 2, title: "Second")
        let c = try h.readyEpisode(url: "https://example.com/article/3", bookmarkID: 3, title: "Third")
        var client = try await h.web.signedIn()
        for entry in [a, b, c] {
            let added = try await client.post("/podcasts/\(entry.key)/queue", [("return", "/podcasts")])
            #expect(added.status == 303)
            #expect(added.headers["Location"] == "/podcasts?notice=episode-queued")
        }
        #expect(try h.podcasts.queue().map(\.key) == [a.key, b.key, c.key])
        _ = try await client.post("/podcasts/\(c.key)/move", [("to", "0"), ("return", "/podcasts")])
        #expect(try h.podcasts.queue().map(\.key) == [c.key, a.key, b.key])
        let page = WebClient.text(try await client.get("/podcasts"))
        #expect(page.contains("aria-label=\"Move “First” up\""))
        #expect(!page.contains("aria-label=\"Move “Third” up\""), "the first in the queue has no Up")
        let removed = try await client.post("/podcasts/\(a.key)/unqueue", [("return", "/podcasts")], headers: [
            ("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"), ("Accept", "application/json")])
        #expect(removed.status == 204)
        #expect(try h.podcasts.queue().map(\.key) == [c.key, b.key])
        let bad = try await client.post("/podcasts/\(b.key)/move", [("to", "-1")])
        #expect(bad.status == 400)
    }

    @Test func audioHasRangeAndWaitsUntilReady() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        let ready = try h.readyEpisode(url: "https://example.com/article/1", bookmarkID: 1, title: "Ready")
        let waiting = try h.podcasts.index.begin(url: "https://example.com/article/2", bookmarkID: 2, sourceID: nil, title: "Waiting",
                                                 site: "example.com", now: Date()).entry
        var client = try await h.web.signedIn()
        let whole = try await client.get("/podcasts/\(ready.key)/audio")
        #expect(whole.status == 200)
        #expect(whole.headers["Content-Type"] == "audio/mpeg")
        #expect(whole.headers["Accept-Ranges"] == "bytes")
        if case .file(_, let range) = whole.body { #expect(Int(range.count) == ready.byteCount) } else { Issue.record("the audio is not a file body") }
        let part = try await client.get("/podcasts/\(ready.key)/audio", headers: [("Range", "bytes=0-99")])
        #expect(part.status == 206)
        #expect(part.headers["Content-Range"] == "bytes 0-99/\(ready.byteCount ?? -1)")
        let past = try await client.get("/podcasts/\(ready.key)/audio", headers: [("Range", "bytes=\(ready.byteCount ?? 0)-")])
        #expect(past.status == 416)
        #expect(try await client.get("/podcasts/\(waiting.key)/audio").status == 409)
        #expect(try await client.get("/podcasts/\(String(repeating: "0", count: 32))/audio").status == 404)
        #expect(try await client.get("/podcasts/not-a-key/audio").status == 404)
        try FileManager.default.removeItem(at: h.podcasts.audioFile(for: ready))
        #expect(try await client.get("/podcasts/\(ready.key)/audio").status == 410)
    }

    @Test func positionIsSavedAndTheStatusAndPageResumeThere() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        let entry = try h.readyEpisode(url: "https://example.com/article/1", bookmarkID: 1, title: "Resume me", seconds: 20,
                                       chapters: [.init(title: "Intro", start: 0), .init(title: "The middle", start: 8.5)])
        var client = try await h.web.signedIn()
        let saved = try await client.post("/podcasts/\(entry.key)/position", [("seconds", "12.4")])
        #expect(saved.status == 204)
        #expect(try h.podcasts.episode(key: entry.key)?.positionSeconds == 12.4)
        #expect(try await client.post("/podcasts/\(entry.key)/position", [("seconds", "-3")]).status == 400)
        #expect(try await client.post("/podcasts/\(entry.key)/position", [("seconds", "nan")]).status == 400)
        let status = try JSONSerialization.jsonObject(with: Data(WebClient.text(try await client.get("/podcasts/\(entry.key)/status")).utf8)) as? [String: Any]
        #expect(status?["position"] as? Double == 12.4)
        #expect(status?["state"] as? String == "ready")
        #expect((status?["chapters"] as? [[String: Any]])?.count == 2)
        // Without script: the plain audio element starts where playback stopped, and a chapter link starts there.
        let page = WebClient.text(try await client.get("/podcasts/\(entry.key)"))
        #expect(page.contains("src=\"/podcasts/\(entry.key)/audio#t=12.4\""))
        #expect(page.contains("data-position=\"12.4\""))
        #expect(page.contains("href=\"/podcasts/\(entry.key)?t=8.5\""))
        #expect(page.contains("The middle"))
        let chapter = WebClient.text(try await client.get("/podcasts/\(entry.key)?t=8.5"))
        #expect(chapter.contains("src=\"/podcasts/\(entry.key)/audio#t=8.5\""))
    }

    @Test func playedMarksTheBookmarkReadAndNamesTheNextQueued() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        let first = try h.readyEpisode(url: "https://example.com/article/1", bookmarkID: 1, title: "First")
        let second = try h.readyEpisode(url: "https://example.com/article/2", bookmarkID: 2, title: "Second")
        try h.podcasts.addToQueue(key: first.key)
        try h.podcasts.addToQueue(key: second.key)
        #expect(try await h.web.library.bookmark(id: 1).unread)
        var client = try await h.web.signedIn()
        let answer = try await client.post("/podcasts/\(first.key)/played", [("ended", "1")], headers: [
            ("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"), ("Accept", "application/json")])
        #expect(answer.status == 200)
        let body = try JSONSerialization.jsonObject(with: Data(WebClient.text(answer).utf8)) as? [String: Any]
        #expect((body?["next"] as? [String: Any])?["key"] as? String == second.key)
        #expect(body?["markedRead"] as? Bool == true)
        #expect(try await h.web.library.bookmark(id: 1).unread == false, "finishing an episode marks its bookmark read")
        #expect(try h.podcasts.episode(key: first.key)?.played == true)
        #expect(try h.podcasts.queue().map(\.key) == [second.key])
        // The row shows it played; the list's state goes back to the bookmark source.
        let list = WebClient.text(try await client.get("/?show=all"))
        #expect(list.contains("Podcast played"))
        #expect(list.contains("Podcast ready"))

        // With the setting off, the bookmark stays unread.
        let off = try await client.post("/settings/listening", [])
        #expect(off.status == 303)
        #expect(try h.podcasts.listeningSettings().markReadWhenPlayed == false)
        let form = try await client.post("/podcasts/\(second.key)/played", [("return", "/podcasts")])
        #expect(form.headers["Location"] == "/podcasts?notice=episode-played")
        #expect(try await h.web.library.bookmark(id: 2).unread)
        let settings = WebClient.text(try await client.get("/settings"))
        #expect(settings.contains("id=\"listening-form\""))
        #expect(!settings.contains("name=\"markReadWhenPlayed\" value=\"1\" checked"))
    }

    @Test func listeningSettingsDefaultToMarkingRead() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let settings = WebClient.text(try await client.get("/settings"))
        #expect(settings.contains("name=\"markReadWhenPlayed\" value=\"1\" checked"))
        #expect(settings.contains("name=\"archiveWhenPlayed\" value=\"1\">"))
        _ = try await client.post("/settings/listening", [("markReadWhenPlayed", "1"), ("archiveWhenPlayed", "1")])
        #expect(try h.podcasts.listeningSettings() == PodcastListeningSettings(markReadWhenPlayed: true, archiveWhenPlayed: true))
        let entry = try h.readyEpisode(url: "https://example.com/article/3", bookmarkID: 3, title: "Third")
        _ = try await client.post("/podcasts/\(entry.key)/played", [])
        let bookmark = try await h.web.library.bookmark(id: 3)
        #expect(bookmark.isArchived && !bookmark.unread)
    }

    @Test func rowPodcastActionFollowsTheSeedsRule() async throws {
        let h = try await PodcastHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let list = WebClient.text(try await client.get("/"))
        #expect(list.contains("id=\"rows\" data-podcasts"), "rows offer Podcast in their More menu")
        #expect(WebClient.text(try await client.get("/bookmarks/1")).contains("data-podcast=\"/bookmarks/1/podcast\""))

        // Idle, not made yet: asked for now, and the episode's page shows it coming (then the player, once ready).
        let idle = try await client.post("/bookmarks/action", [("a", "podcast 1"), ("return", "/")])
        #expect(idle.status == 303)
        let key = PodcastEntry.key(for: "https://example.com/article/1")
        #expect(idle.headers["Location"] == "/podcasts/\(key)?notice=podcast-generating")
        let waiting = WebClient.text(try await client.get("/podcasts/\(key)"))
        #expect(waiting.contains("id=\"generation-state\""))
        #expect(waiting.contains("Check again"))
        #expect(h.backend.asked == ["https://example.com/article/1"])
        let rows = WebClient.text(try await client.get("/"))
        #expect(rows.contains("Podcast queued") || rows.contains("Podcast 0%"))

        // Busy: made in the background and queued; the script hears it.
        let json: [(String, String)] = [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"), ("Accept", "application/json")]
        let busy = try await client.post("/bookmarks/2/podcast", [("busy", "1")], headers: json)
        let busyBody = try JSONSerialization.jsonObject(with: Data(WebClient.text(busy).utf8)) as? [String: Any]
        #expect(busyBody?["action"] as? String == "queued")
        #expect(try h.podcasts.queue().map(\.bookmarkID) == [2])

        // The manager follows both to the end (one look per background-job run; here called directly).
        for _ in 0..<5 { try await h.manager.refresh(key: key, priority: JobPriority.background) }
        #expect(try h.podcasts.episode(key: key)?.state == .ready)
        #expect(WebClient.text(try await client.get("/podcasts/\(key)")).contains("id=\"native-audio\""))

        // Ready and idle: play it; ready and busy: queue it.
        let play = try await client.post("/bookmarks/1/podcast", [("busy", "0")], headers: json)
        let playBody = try JSONSerialization.jsonObject(with: Data(WebClient.text(play).utf8)) as? [String: Any]
        #expect(playBody?["action"] as? String == "play")
        #expect((playBody?["episode"] as? [String: Any])?["audio"] as? String == "/podcasts/\(key)/audio")
        _ = try await client.post("/bookmarks/1/podcast", [("busy", "1")], headers: json)
        #expect(try h.podcasts.queue().map(\.bookmarkID) == [2, 1])
        #expect(h.backend.asked.count == 2, "a ready episode is not asked for again")
        let opened = try await client.get("/podcasts/open?bookmark=1")
        #expect(opened.headers["Location"] == "/podcasts/\(key)")
        #expect(try await client.get("/podcasts/open?bookmark=3").status == 404)
    }

    @Test func withoutPodcastsTheTabStaysAPlaceholderAndRowsHaveNoAction() async throws {
        let h = try await WebHarness.make(seed: 2)
        defer { h.cleanUp() }
        var client = try await h.signedIn()
        #expect(WebClient.text(try await client.get("/podcasts")).contains("Not built yet"))
        #expect(!WebClient.text(try await client.get("/")).contains("data-podcasts"))
        #expect(try await client.post("/bookmarks/1/podcast", []).status == 404)
    }
}
