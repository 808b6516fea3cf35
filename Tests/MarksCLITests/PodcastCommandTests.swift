import Foundation
import MarksPodcasts
import MarksTestSupport
import Testing

/// `marks podcast generate|list|status|play|queue|drain` through the real binary on a fresh data directory: a
/// source made into an episode in this process (espeak-ng and LAME, `--wait`), the library listing it, the player's
/// address, the `marks://podcast` link pointing at the same page, the widget file.
@Suite struct PodcastCommandTests {
    @Test func aSourceBecomesAnEpisodeListedPlayableAndInTheWidget() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let added = try await marks.run(["source", "add", "--title", "Heron notes", "Herons fly south in October. They come back in spring."])
        #expect(added.code == 0, "\(added.stderr)")
        let list = try await marks.run(["source", "list", "--json"])
        let sources = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let id = try #require(sources.first?["id"] as? String)

        let made = try await marks.run(["podcast", "generate", "--source", String(id.prefix(8)), "--wait"])
        #expect(made.code == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("Ready: "), "\(made.stdout)")
        #expect(made.stdout.contains("Heron notes"))
        #expect(made.stdout.contains(", source)"), "a source's episode says where it is from: \(made.stdout)")
        // Not a terminal: a plain line per stage seen (a short episode may be made between two looks).
        let stages = made.stderr.split(separator: "\n").map(String.init)
        #expect(stages.first == "queued: Heron notes", "\(made.stderr)")
        #expect(stages.last == "download: Heron notes", "\(made.stderr)")
        #expect(Set(stages).count == stages.count, "one line per stage")

        let listed = try await marks.run(["podcast", "list", "--json"])
        #expect(listed.code == 0, "\(listed.stderr)")
        let episodes = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(episodes.count == 1)
        let episode = try #require(episodes.first)
        let key = try #require(episode["key"] as? String)
        #expect(key == PodcastEntry.key(for: "marks-source://\(id)"))
        #expect(episode["state"] as? String == "ready")
        #expect(episode["source_id"] as? String == id)
        #expect((episode["duration_seconds"] as? Double ?? 0) > 1)
        let file = marks.home.appendingPathComponent("data/marks/podcasts/\(key).mp3")
        #expect(FileManager.default.fileExists(atPath: file.path), "the MP3 is in <data>/podcasts")

        let plain = try await marks.run(["podcast", "list"])
        #expect(plain.stdout.hasPrefix("ready   "), "\(plain.stdout)")
        #expect(plain.stdout.contains("  (source)  ") && !plain.stdout.contains("marks-source://"), "\(plain.stdout)")
        let status = try await marks.run(["podcast", "status", key])
        #expect(status.code == 0 && status.stdout.hasPrefix("ready"), "\(status.stdout)\(status.stderr)")
        let byPrefix = try await marks.run(["podcast", "status", String(key.prefix(10))])
        #expect(byPrefix.stdout == status.stdout)

        let play = try await marks.run(["podcast", "play", key, "--print", "--web", "http://127.0.0.1:9000/"])
        #expect(play.stdout == "http://127.0.0.1:9000/podcasts/\(key)\n", "\(play.stderr)")
        let bySource = try await marks.run(["podcast", "play", id, "--print", "--web", "http://127.0.0.1:9000"])
        #expect(bySource.stdout == play.stdout)
        let link = try await marks.run(["open", "--print", "--web", "http://127.0.0.1:9000", "marks://podcast?url=marks-source://\(id)"])
        #expect(link.stdout == play.stdout, "the widget's marks://podcast link opens the same player page")

        let widget = try await marks.run(["widget", "podcasts"])
        #expect(widget.stdout.contains("Heron notes"), "\(widget.stdout)\(widget.stderr)")

        let again = try await marks.run(["podcast", "generate", "--source", id])
        #expect(again.stdout.hasPrefix("Ready: "), "a ready episode is not made again: \(again.stdout)")
        let queue = try await marks.run(["podcast", "queue", "--json"])
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(queue.stdout.utf8)) as? [String: Any])
        #expect((listing["play_queue"] as? [Any])?.isEmpty == true)
        let drain = try await marks.run(["podcast", "drain"])
        #expect(drain.code == 0 && drain.stdout.hasPrefix("Handed over 0 requests"), "\(drain.stdout)\(drain.stderr)")
    }

    /// A data directory the old file queue left: the first command moves it into `podcast.request` jobs (through the
    /// real composition root), lists them as before, and leaves no request file behind.
    @Test func theOldQueueFilesAreListedAsJobsAfterTheFirstCommand() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let data = marks.home.appendingPathComponent("data/marks/podcast_requests")
        for folder in ["pending", "failed", "quarantine"] {
            try FileManager.default.createDirectory(at: data.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(#"{"id":"a-1","url":"https://example.com/a","title":"Herons","trigger":"requested","attempts":0,"created_at":"2026-01-01T00:00:00.000000Z","next_attempt_at":"2026-01-01T00:00:00.000000Z"}"#.utf8)
            .write(to: data.appendingPathComponent("pending/a-1.json"))
        try Data(#"{"id":"b-2","url":"https://example.com/b","title":"Kites","trigger":"auto_tag","matched_tag":"listen","attempts":5,"last_error":"generator unavailable","created_at":"2026-01-01T00:00:01.000000Z","next_attempt_at":"2026-01-01T00:00:01.000000Z"}"#.utf8)
            .write(to: data.appendingPathComponent("failed/b-2.json"))
        try Data("not json".utf8).write(to: data.appendingPathComponent("quarantine/old.json"))
        let queue = try await marks.run(["podcast", "queue", "--json"])
        #expect(queue.code == 0, "\(queue.stderr)")
        let listing = try #require(try JSONSerialization.jsonObject(with: Data(queue.stdout.utf8)) as? [String: Any])
        #expect((listing["pending"] as? [[String: Any]])?.compactMap { $0["url"] as? String } == ["https://example.com/a"])
        let failed = try #require((listing["failed"] as? [[String: Any]])?.first)
        #expect(failed["url"] as? String == "https://example.com/b" && failed["last_error"] as? String == "generator unavailable")
        #expect((listing["quarantined"] as? [String])?.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["quarantine"], "the migrated files are gone")
        let text = try await marks.run(["podcast", "queue"])
        #expect(text.stdout.contains("queued  Herons") && text.stdout.contains("failed  Kites"), "\(text.stdout)")
    }

    @Test func badArgumentsAreRefused() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let none = try await marks.run(["podcast", "generate"])
        #expect(none.code != 0 && none.stderr.contains("exactly one"), "\(none.stderr)")
        let two = try await marks.run(["podcast", "generate", "3", "--url", "https://example.com"])
        #expect(two.code != 0 && two.stderr.contains("exactly one"))
        let notURL = try await marks.run(["podcast", "generate", "--url", "ftp://example.com/x"])
        #expect(notURL.code != 0 && notURL.stderr.contains("http(s)"), "\(notURL.stderr)")
        let missing = try await marks.run(["podcast", "play", "abcdef123456", "--print"])
        #expect(missing.code != 0 && missing.stderr.contains("No episode"), "\(missing.stderr)")
        let empty = try await marks.run(["podcast", "list"])
        #expect(empty.code == 0 && empty.stderr.contains("No podcast episodes yet"))
    }
}
