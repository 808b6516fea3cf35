import Foundation
import MarksJobs
import MarksTestSupport
import PostgresDatabase
import Synchronization
import Testing

/// LISTEN/NOTIFY as the wake-up hint between workers on PostgreSQL (the SQLite store has none: `watchChanges` is nil
/// there, and the pick-up look finds another process's jobs).
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct PostgresJobWakeUpTests {
    /// Without the notification the started runner would look again only at its maintenance (five minutes, past the
    /// time limit): it has no pick-up interval.
    @Test(.timeLimit(.minutes(3))) func anotherWorkersEnqueueWakesAStartedRunnerAtOnce() async throws {
        try await withTestDatabase { url in
            let logs = Lines()
            let worker = JobRunner(store: try PostgresJobStore(pool: PostgresPool(url: url, size: 2)), clock: .system,
                                   owner: "worker 1", log: { logs.add($0) })
            let ran = Mutex(false)
            await worker.register(JobKind("podcast.generate") { _ in ran.withLock { $0 = true } })
            await worker.start()
            let other = JobRunner(store: try PostgresJobStore(pool: PostgresPool(url: url, size: 2)), clock: .system,
                                  owner: "worker 2", log: { logs.add($0) })
            let start = Date()
            let job = try await other.enqueue(JobRequest(kind: "podcast.generate", key: "episode"))
            let finished = try await worker.waitUntilFinished(job.id)
            let waited = Date().timeIntervalSince(start)
            await worker.stop()
            #expect(ran.withLock { $0 })
            #expect(finished?.state == .done)
            // Below the 300 s maintenance (what would find it without the notification); generous for a loaded 2-core run.
            #expect(waited < 120, "picked up after \(waited) s")
            #expect(logs.all.isEmpty)
        }
    }
}
