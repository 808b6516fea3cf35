import Foundation
import MarksCore
import MarksJobs
import MarksPodcasts
import MarksTestSupport
import SQLiteDatabase
import Testing

/// A `podcast.generate` job that fails its last attempt leaves its episode `failed` with the reason — whether the
/// attempt ended by an error escaping the handler, or by the runner giving up on a process that died mid-render —
/// instead of `running` for ever (issue 13, the gap left last session).
@Suite struct PodcastLastAttemptTests {
    final class Fixture: Sendable {
        let directory: TemporaryDirectory
        let database: Database
        let jobs: JobRunner
        let service: PodcastService

        init(voice: @escaping PodcastService.VoiceProvider) throws {
            directory = try TemporaryDirectory(prefix: "marks-podcast-last")
            database = try Database(path: directory.file("marks.sqlite").path)
            jobs = JobRunner(store: try JobStore(database: database), log: { _ in })
            service = try PodcastService(database: database, directory: directory.file("podcasts/audio"), jobs: jobs, voice: voice,
                                         readArticle: { _ in throw PodcastError.unreadable("no network in this test") })
        }

        deinit { directory.cleanUp() }

        func job(of episode: PodcastEpisode) throws -> Job {
            try #require(try jobs.store.jobs(kind: PodcastService.jobKindName, key: episode.id, limit: 1).first)
        }
    }

    @Test func anErrorEscapingEveryAttemptFailsTheEpisode() async throws {
        // A voice that throws a cancellation nobody asked for: the handler lets it through, the runner counts the attempt.
        let fixture = try Fixture(voice: { throw CancellationError() })
        await fixture.jobs.register(fixture.service.jobKind())
        let episode = try await fixture.service.generate(MarksCore.PodcastRequest(url: "marks-source://\(UUID().uuidString.lowercased())",
                                                                                      title: "T", text: "Some words to read.", sourceKind: "text"))
        var job = try fixture.job(of: episode)
        for _ in 0..<job.maxAttempts {
            job = try #require(try await fixture.jobs.run(id: job.id))
        }
        #expect(job.state == .failed)
        let ended = try #require(try fixture.service.episode(id: episode.id))
        #expect(ended.status == .failed, "the episode must not stay running once its job is given up")
        #expect(ended.error?.isEmpty == false)
    }

    @Test func aJobGivenUpAfterItsProcessDiedFailsTheEpisode() async throws {
        let fixture = try Fixture(voice: { throw SpeechError.failed("not reached") })
        let episode = try await fixture.service.generate(MarksCore.PodcastRequest(url: "https://example.com/a"))
        let job = try fixture.job(of: episode)
        // The last attempt was claimed by a process that died mid-render (the episode says running, the heartbeat is old).
        let old = Date().addingTimeInterval(-3600)
        try fixture.database.write { connection in
            _ = try connection.run("UPDATE jobs SET state = 'running', attempts = max_attempts, heartbeat_at = ?, claimed_at = ? WHERE id = ?",
                                   [.real(old.timeIntervalSince1970), .real(old.timeIntervalSince1970), .integer(job.id)])
            _ = try connection.run("UPDATE podcast_episodes SET status = 'running', stage = 'synthesis', progress = 0.4, updated_at = ? WHERE id = ?",
                                   [.real(old.timeIntervalSince1970), .text(episode.id)])
        }
        let recovered = try fixture.jobs.store.recoverStale(heartbeatBefore: Date().addingTimeInterval(-60), now: Date())
        #expect(recovered.map(\.id) == [job.id])
        #expect(try fixture.job(of: episode).state == .failed)
        let ended = try #require(try fixture.service.episode(id: episode.id))
        #expect(ended.status == .failed)
        #expect(ended.error?.contains("stopped") == true, "\(ended.error ?? "")")
        #expect(try fixture.service.episodes().first?.status == .failed)

        // Asking again retries: a new job, and the old dead one no longer fails the episode.
        let again = try await fixture.service.generate(MarksCore.PodcastRequest(url: "https://example.com/a"))
        #expect(again.status == .queued)
        #expect(try fixture.service.episode(id: episode.id)?.status == .queued)
    }
}
