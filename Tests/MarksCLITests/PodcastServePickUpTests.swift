import Foundation
import MarksBookmarks
import MarksTestSupport
import Testing

/// Issue 13: `marks podcast generate` without `--wait` only enqueues into the data directory's jobs table; a running
/// `marks serve` on the same directory makes the episode within seconds (its runner looks for other processes' jobs
/// every `JobRunnerSettings.pickUpInterval`), not at its next five-minute maintenance pass. Real binaries, real processes.
@Suite struct PodcastServePickUpTests {
    @Test(.timeLimit(.minutes(3))) func anEpisodeEnqueuedByTheCommandIsMadeByTheRunningServerWithinSeconds() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let added = try await marks.run(["source", "add", "--title", "Heron notes", "Herons fly south in October. They come back in spring."])
        #expect(added.code == 0, "\(added.stderr)")
        let list = try await marks.run(["source", "list", "--json"])
        let sources = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let id = try #require(sources.first?["id"] as? String)

        let server = try RunningProcess(MarksBinary.executable, ["serve", "--port", "0"], environment: marks.environment)
        let banner = await server.output(containing: "http://")
        #expect(banner.contains("http://"), "marks serve did not start: \(banner)")

        let queued = try await marks.run(["podcast", "generate", "--source", id, "--json"])
        #expect(queued.code == 0, "\(queued.stderr)")
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(queued.stdout.utf8)) as? [String: Any])
        let key = try #require(entry["key"] as? String)
        #expect(entry["state"] as? String == "queued", "\(queued.stdout)")
        let start = Date()
        var state = "queued"
        // Without the pick-up this stays queued for five minutes (past the time limit).
        try await eventually(within: .seconds(120), every: .milliseconds(500)) {
            let status = try await marks.run(["podcast", "status", key, "--json"])
            let json = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            state = json?["state"] as? String ?? state
            return state == "ready" || state == "failed"
        }
        let waited = Date().timeIntervalSince(start)
        let ending = await server.stop()
        #expect(state == "ready", "after \(waited) s; server log: \(ending.stderr.suffix(2000))")
        #expect(waited < 90, "made after \(waited) s")
        let file = marks.home.appendingPathComponent("data/marks/podcasts/\(key).mp3")
        #expect(FileManager.default.fileExists(atPath: file.path), "the MP3 is in <data>/podcasts")
    }
}
