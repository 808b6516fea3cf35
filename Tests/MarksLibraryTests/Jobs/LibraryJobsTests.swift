import Foundation
import MarksCore
import MarksJobs
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import Testing
@testable import MarksBookmarks
@testable import MarksFetch
@testable import MarksPodcasts

/// The library's background work as job kinds: enrichment after add, Enrich All, and podcast requests.
@Suite struct LibraryJobsTests {
    /// A runner over the fixture's cache database (as `marks serve` keeps jobs beside the cache).
    static func runner(_ database: Database, clock: ManualClock) throws -> (JobRunner, Lines) {
        let lines = Lines()
        let runner = JobRunner(store: try JobStore(database: database),
                               clock: JobClock(now: clock.now, sleep: { _ in throw CancellationError() }),
                               log: { lines.add($0) })
        return (runner, lines)
    }

    /// Two podcast requests (a, b) on a runner over a database in `dir`.
    static func twoPodcastRequests(in dir: TemporaryDirectory, clock: ManualClock) async throws -> (PodcastRequests, JobRunner) {
        let (runner, _) = try runner(try Database(path: dir.url.appendingPathComponent("marks.sqlite").path), clock: clock)
        let requests = PodcastRequests(jobs: runner, dataDirectory: dir.url, now: clock.now)
        try await requests.enqueue(url: "https://example.com/a", title: "A", bookmarkID: 1, trigger: .requested)
        try await requests.enqueue(url: "https://example.com/b", title: "B", bookmarkID: 2, trigger: .requested)
        return (requests, runner)
    }

    @Test func theEnrichJobAfterAddRunsAndStoresTheSummary() async throws {
        let fixture = try LibraryFixture(.embedded)
        let saved = try fixture.add("https://example.com/bread", title: "Bread")
        let article = PageTextReader.Page(title: "Sourdough guide", description: "",
                                          text: "Sourdough bread is made with a natural starter of wild yeast.\n\nA long cold fermentation develops flavour.")
        let service = fixture.enrichment(readPage: { _ in article })
        let (runner, _) = try Self.runner(fixture.cacheDatabase, clock: fixture.clock)
        let outcomes = Mutex<[Int64: EnrichmentOutcome]>([:])
        for kind in service.jobKinds(hooks: EnrichmentJobHooks(outcome: { id, outcome in outcomes.withLock { $0[id] = outcome } })) {
            await runner.register(kind)
        }

        let job = try await runner.enqueue(try EnrichmentService.enrichJob(id: saved.id))
        #expect(try await runner.enqueue(try EnrichmentService.enrichJob(id: saved.id)).id == job.id)  // coalesced
        let finished = try #require(try await runner.run(id: job.id))
        #expect(finished.state == .done)
        #expect(finished.progress?.text == "summary by offline")
        let stored = try #require(try fixture.library.aiMetadata(id: saved.id))
        let summary = try #require(stored.summary)
        #expect(summary.contains("starter") || summary.contains("fermentation"))
        #expect(outcomes.withLock { $0[job.id]?.summary } == stored.summary)
    }

    /// After Settings switched sources, an enrich job still names the source it was queued for: the same id of two
    /// sources never coalesces, and a job for a source the process does not know is done without enriching.
    @Test func anEnrichJobRunsOnlyOnTheSourceItWasQueuedFor() async throws {
        let fixture = try LibraryFixture(.embedded)
        let saved = try fixture.add("https://example.com/bread", title: "Bread")
        let service = fixture.enrichment(readPage: { _ in PageTextReader.Page(title: "Bread", description: "", text: "Sourdough bread needs a starter.") })
        let (runner, _) = try Self.runner(fixture.cacheDatabase, clock: fixture.clock)
        for kind in service.jobKinds() { await runner.register(kind) }
        let identity = fixture.library.source.identity
        let other = try await runner.enqueue(try EnrichmentService.enrichJob(id: saved.id, source: "https://other.example/"))
        let own = try await runner.enqueue(try EnrichmentService.enrichJob(id: saved.id, source: identity))
        #expect(own.id != other.id && own.key == "\(identity)#\(saved.id)")
        let skipped = try #require(try await runner.run(id: other.id))
        #expect(skipped.state == .done)
        #expect(skipped.progress?.text == "skipped: queued for https://other.example/ that is no longer in use")
        #expect(try fixture.library.aiMetadata(id: saved.id) == nil, "nothing written for the other source's bookmark")
        #expect(try await runner.run(id: own.id)?.state == .done)
        #expect(try fixture.library.aiMetadata(id: saved.id)?.summary != nil)
    }

    @Test func aFailedEnrichmentIsRetriedLaterWithItsError() async throws {
        let fixture = try LibraryFixture(.embedded)
        let saved = try fixture.add("https://fail.example/page", title: "Will fail")
        let (runner, _) = try Self.runner(fixture.cacheDatabase, clock: fixture.clock)
        for kind in fixture.enrichment(engine: RecordingEngine()).jobKinds() { await runner.register(kind) }
        let job = try await runner.enqueue(try EnrichmentService.enrichJob(id: saved.id))
        await runner.runUntilIdle()
        let stored = try #require(try runner.store.job(id: job.id))
        #expect(stored.state == .queued)
        #expect(stored.attempts == 1)
        #expect(stored.runAfter > fixture.clock.date)
        #expect(stored.lastError?.isEmpty == false)
        #expect(try fixture.library.aiMetadata(id: saved.id) == nil)
    }

    @Test func enrichAllRunsAsOneJobWithProgress() async throws {
        let fixture = try LibraryFixture(.embedded)
        try fixture.addMany(4)
        let (runner, _) = try Self.runner(fixture.cacheDatabase, clock: fixture.clock)
        for kind in fixture.enrichment(engine: RecordingEngine()).jobKinds() { await runner.register(kind) }
        let job = try await runner.enqueue(EnrichmentService.enrichAllJob)
        #expect(try await runner.enqueue(EnrichmentService.enrichAllJob).id == job.id)
        await runner.runUntilIdle()
        let done = try #require(try runner.store.job(id: job.id))
        #expect(done.state == .done)
        #expect(done.progress == JobProgress(fraction: 1, text: "Enriched 4; 0 already had a summary."))
    }

    @Test func enrichAllAskedToStopEndsDoneSayingWhatIsLeftAndARerunCarriesOn() async throws {
        let fixture = try LibraryFixture(.embedded)
        try fixture.addMany(4)
        let (runner, _) = try Self.runner(fixture.cacheDatabase, clock: fixture.clock)
        let handled = Mutex(0)
        let reports = Mutex<[EnrichmentReport]>([])
        let hooks = EnrichmentJobHooks(progress: { progress in handled.withLock { $0 = progress.done } },
                                       shouldStop: { handled.withLock { $0 >= 2 } },
                                       report: { report in reports.withLock { $0.append(report) } })
        for kind in fixture.enrichment(engine: RecordingEngine()).jobKinds(hooks: hooks) { await runner.register(kind) }
        let first = try #require(try await runner.run(id: try await runner.enqueue(EnrichmentService.enrichAllJob).id))
        #expect(first.state == .done)
        #expect(first.progress?.text == "Enriched 2; 0 already had a summary. Stopped with 2 left; Enrich all again carries on.")
        handled.withLock { $0 = -100 }  // let the second run go to the end
        let second = try #require(try await runner.run(id: try await runner.enqueue(EnrichmentService.enrichAllJob).id))
        #expect(second.progress?.text == "Enriched 2; 2 already had a summary.")
        #expect(reports.withLock { $0.map(\.enriched) } == [2, 2])
    }

    @Test func eachPodcastRequestJobHandsItsRequestOverExactlyOnce() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let clock = ManualClock()
        let (requests, runner) = try await Self.twoPodcastRequests(in: dir, clock: clock)
        let consumer = RecordingConsumer()
        await runner.register(requests.jobKind(consumer: consumer))
        await runner.runUntilIdle()
        let jobs = try runner.store.jobs(kind: PodcastRequests.jobKindName)
        #expect(jobs.map(\.state) == [.done, .done])
        #expect(jobs.compactMap(\.progress?.text).sorted() == ["handed over: A", "handed over: B"])
        clock.advance(900)
        await runner.runUntilIdle()
        #expect(consumer.seen.sorted() == ["https://example.com/a", "https://example.com/b"])
        #expect(try requests.list().pending.isEmpty)
    }
}

/// Lines collected from a log closure.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
