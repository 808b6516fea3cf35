import Foundation
import MarksCore
import MarksJobs
import MarksPodcasts
import MarksTestSupport
import Testing

/// A job running when the server stops runs again after the restart: the first runner is stopped mid-synthesis
/// (as `marks serve` stops), and a new runner and service over the same database finish the episode.
@Suite struct PodcastRestartTests {
    @Test func aJobInterruptedByARestartFinishes() async throws {
        let fixture = try await PodcastFixture()
        let token = try await fixture.register()
        let text = String(repeating: "This long source keeps the voice busy for a while, sentence after sentence. ", count: 200)
        let reply = try await fixture.call("POST", "/v1/podcast/generate", json: #"{"url":"marks-source://restart","title":"Long","text":"\#(text)","source_kind":"text"}"#, token: token)
        let job = try #require(reply.json?["job_id"] as? String)
        // Wait until it is speaking.
        var stage = ""
        try await eventually(within: .seconds(120)) {
            stage = (try await fixture.call("GET", "/v1/podcast/status/\(job)", token: token).json?["stage"] as? String) ?? ""
            return stage == "synthesis"
        }
        try #require(stage == "synthesis")
        await fixture.jobs.stop()
        let interrupted = try #require(try fixture.podcasts.episode(id: job))
        #expect(interrupted.status == .running)
        let audio = fixture.directory.file("podcasts/audio")
        #expect(!FileManager.default.fileExists(atPath: audio.appendingPathComponent("\(job).mp3").path))

        // The restart: a new runner and service over the same database file.
        let (jobs, podcasts) = try PodcastFixture.jobsAndService(database: fixture.data.database, directory: fixture.directory, voiceProgram: nil)
        await jobs.register(podcasts.jobKind())
        await jobs.start()
        var episode = interrupted
        try await eventually(within: .seconds(240), every: .milliseconds(100)) {
            episode = try #require(try podcasts.episode(id: job))
            return episode.status == .done || episode.status == .failed
        }
        #expect(episode.status == .done, "\(episode)")
        let data = try Data(contentsOf: podcasts.audioFile(for: episode))
        #expect(try MP3Summary.walk(data).infoTagMatches)
        // No temp files from the stopped run.
        #expect(try FileManager.default.contentsOfDirectory(atPath: audio.path) == ["\(job).mp3"])
        await jobs.stop()
        await fixture.close()
    }
}
