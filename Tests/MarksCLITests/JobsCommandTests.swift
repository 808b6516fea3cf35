import MarksTestSupport
import MarksJobs
import PostgresDatabase
import Foundation
import Testing

/// `marks jobs` end to end: an empty table, JSON, a retry of a job that does not exist, and `--help`.
@Suite struct JobsCommandTests {
    @Test func anEmptyTableSaysSoInTextAndJSON() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let text = try await marks.run(["jobs"])
        #expect(text.code == 0, "\(text.stderr)")
        #expect(text.stdout == "No background jobs queued, running or failed.\n")
        let json = try await marks.run(["jobs", "--json"])
        #expect(json.code == 0)
        #expect(json.stdout == "[]\n")
    }

    @Test func retryingAJobThatDoesNotExistFailsWithAMessage() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let retried = try await marks.run(["jobs", "retry", "41"])
        #expect(retried.code == 1)
        #expect(retried.stderr.contains("There is no job 41"))
        let bad = try await marks.run(["jobs", "retry", "x"])
        #expect(bad.code == 64)
        let cleared = try await marks.run(["jobs", "clear-failed"])
        #expect(cleared.stdout == "Deleted 0 failed jobs.\n")
    }

    @Test func theCommandIsInTheTreeWithHelp() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let help = try await marks.run(["jobs", "--help"])
        #expect(help.code == 0)
        #expect(help.stdout.contains("retry"))
        #expect(help.stdout.contains("clear-failed"))
        #expect(try await marks.run(["--help"]).stdout.contains("jobs"))
    }

    @Test func aSharedBookmarkQueuesItsEnrichmentForServe() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let shared = try await marks.run(["share", "--yes", "Worth reading https://example.com/shared"])
        #expect(shared.code == 0, "\(shared.stderr)")
        #expect(shared.stdout.contains("AI summary and tags: queued for marks serve"))
        let jobs = try await marks.run(["jobs", "--json"])
        #expect(jobs.stdout.contains(#""kind":"enrich","key":"embedded#1","state":"queued""#), "\(jobs.stdout)")
        let text = try await marks.run(["jobs"])
        #expect(text.stdout.contains("queued   enrich embedded#1  attempt 0/3  due"), "\(text.stdout)")
    }
}


/// `marks jobs --database postgres://…` (issue 17): the data directory's jobs and the backend queue every worker shares,
/// each under its own heading (`queue` in JSON); `--shared` retries and clears in the shared queue.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct SharedJobsCommandTests {
    @Test(.timeLimit(.minutes(3))) func theSharedQueueIsListedBesideTheLibrarysJobs() async throws {
        try await withTestDatabase { database in
            let marks = try MarksBinary()
            defer { marks.cleanUp() }
            let shared = try await marks.run(["share", "--yes", "Worth reading https://example.com/shared"])
            #expect(shared.code == 0, "\(shared.stderr)")
            // Another worker's queue: one podcast waiting, one given up.
            let store = try PostgresJobStore(pool: PostgresPool(url: database, size: 1))
            try store.enqueue(JobRequest(kind: "podcast.generate", key: "episode-waiting", priority: JobPriority.foreground), maxAttempts: 3, now: Date())
            let doomed = try store.enqueue(JobRequest(kind: "podcast.generate", key: "episode-doomed"), maxAttempts: 1, now: Date()).job
            let claimed = try #require(try store.claim(id: doomed.id, owner: "worker-2", now: Date()))
            try store.fail(claimed.claim, error: "the voice crashed", now: Date())

            let text = try await marks.run(["jobs", "--database", database])
            #expect(text.code == 0, "\(text.stderr)")
            let sections = text.stdout.components(separatedBy: "Shared backend queue (every worker on the database):\n")
            #expect(sections.count == 2, "\(text.stdout)")
            #expect(sections[0].hasPrefix("Library jobs (this data directory):\n"))
            #expect(sections[0].contains("enrich embedded#1") && !sections[0].contains("podcast.generate"), "\(text.stdout)")
            #expect(sections.last?.contains("queued   podcast.generate episode-waiting  attempt 0/3  due") == true, "\(text.stdout)")
            #expect(sections.last?.contains("failed   podcast.generate episode-doomed  attempt 1/1  error: the voice crashed") == true)
            #expect(sections.last?.contains("enrich") == false)

            // The environment names the database as a unit file would; JSON says which queue each job is in.
            let json = try await marks.run(["jobs", "--json"], extraEnvironment: ["MARKS_DATABASE_URL": database])
            let jobs = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stderr)")
            #expect(jobs.map { "\($0["queue"] ?? "")/\($0["kind"] ?? "")" }.sorted()
                    == ["library/enrich", "shared/podcast.generate", "shared/podcast.generate"])
            let alone = try await marks.run(["jobs", "--json"])
            #expect(alone.stdout.contains(#""queue":"library""#) && !alone.stdout.contains("podcast.generate"), "without a database, the library's only")

            let retried = try await marks.run(["jobs", "retry", "\(doomed.id)", "--shared", "--database", database])
            #expect(retried.code == 0, "\(retried.stderr)")
            #expect(try store.job(id: doomed.id)?.state == .queued)
            let unshared = try await marks.run(["jobs", "clear-failed", "--shared"])
            #expect(unshared.code == 64 && unshared.stderr.contains("--shared needs --database"), "\(unshared.stderr)")
        }
    }
}
