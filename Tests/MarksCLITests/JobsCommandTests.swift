import MarksTestSupport
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

