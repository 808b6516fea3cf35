import Foundation
import MarksCore
import MarksJobs
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksBookmarks

/// Web imports as `library.import` jobs: the upload staged (0600) and recorded, the import run by the job with its
/// report kept, the staged file removed when the job ends; an import a stop or a kill cut short is shown interrupted
/// with the reason after the restart, never run twice and never lost.
@Suite struct ImportJobsTests {
    static let file = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <DL><p>
        <DT><A HREF="https://imported.example/one" ADD_DATE="1700000000" TAGS="swift">One</A>
        <DT><A HREF="javascript:alert(1)">Not a page</A>
        <DT><A HREF="https://imported.example/two" ADD_DATE="1700000001">Two</A>
        </DL><p>
        """

    /// Imports over the fixture's `marks.sqlite` (the embedded store's database, as in `marks serve`) on `runner`.
    static func imports(_ fixture: LibraryFixture, _ runner: JobRunner) throws -> ImportJobs {
        try ImportJobs(database: fixture.cacheDatabase, dataDirectory: fixture.dir.url, jobs: runner, now: fixture.clock.now)
    }

    static func manualRunner(_ fixture: LibraryFixture) throws -> JobRunner {
        JobRunner(store: try JobStore(database: fixture.cacheDatabase),
                  clock: JobClock(now: fixture.clock.now, sleep: { _ in throw CancellationError() }), log: { _ in })
    }

    /// Bookmarks in the embedded store.
    static func stored(_ fixture: LibraryFixture) throws -> Int {
        try fixture.cacheDatabase.read { try $0.queryOne("SELECT count(*) FROM store_bookmarks")?.int(at: 0) ?? -1 }
    }

    static func permissions(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func anUploadIsStagedThenImportedByItsJobWithItsReportKept() async throws {
        let fixture = try LibraryFixture(.embedded)
        let runner = try Self.manualRunner(fixture)
        let imports = try Self.imports(fixture, runner)
        await runner.register(imports.jobKind(library: { fixture.library }, describe: { "\($0)" }))
        try await imports.start(id: "abc_1-x", file: "bookmarks.html", data: Data(Self.file.utf8), foldersAsTags: false)
        let staged = imports.stagedFile("abc_1-x")
        #expect(try Self.permissions(staged) == 0o600)
        #expect(try imports.status("abc_1-x") == ImportStatus(id: "abc_1-x", file: "bookmarks.html", state: .running(done: 0, total: 0)))
        await runner.runUntilIdle()
        let status = try #require(try imports.status("abc_1-x"))
        guard case .finished(let report) = status.state else {
            Issue.record("not finished: \(status)")
            return
        }
        #expect(report.created == 2 && report.skipped == 1 && report.problems.first?.line == 4)
        #expect(!FileManager.default.fileExists(atPath: staged.path), "the staged file goes when the job ends")
        let job = try #require(try runner.store.jobs(kind: ImportJobs.jobKindName).first)
        #expect(job.state == .done && job.progress?.text == "imported 2 bookmarks")
        #expect(try Self.stored(fixture) == 2)
        #expect(try imports.status("unknown") == nil)
    }

    @Test func notABookmarkFileFailsWithTheReasonAndChangesNothing() async throws {
        let fixture = try LibraryFixture(.embedded)
        let runner = try Self.manualRunner(fixture)
        let imports = try Self.imports(fixture, runner)
        await runner.register(imports.jobKind(library: { fixture.library }, describe: { "\($0)" }))
        try await imports.start(id: "notes", file: "notes.txt", data: Data("just some text".utf8), foldersAsTags: false)
        await runner.runUntilIdle()
        guard case .failed(let reason) = try imports.status("notes")?.state else {
            Issue.record("not failed: \(String(describing: try imports.status("notes")))")
            return
        }
        #expect(reason.contains("This is not a bookmark file"))
        #expect(try Self.stored(fixture) == 0)
        #expect(try runner.store.jobs(kind: ImportJobs.jobKindName).first?.state == .done, "a refused file ends its job: nothing to retry")
    }

    @Test func onlyTheNewestImportsAreKept() async throws {
        let fixture = try LibraryFixture(.embedded)
        let runner = try Self.manualRunner(fixture)
        let imports = try Self.imports(fixture, runner)
        await runner.register(imports.jobKind(library: { fixture.library }, describe: { "\($0)" }))
        for index in 0...ImportJobs.kept {
            try await imports.start(id: "i\(index)", file: "f.html", data: Data("x".utf8), foldersAsTags: false)
            await runner.runUntilIdle()
            fixture.clock.advance(1)
        }
        #expect(try imports.status("i0") == nil)
        #expect(try imports.status("i1") != nil && imports.status("i\(ImportJobs.kept)") != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dir.url.appendingPathComponent("imports").path).isEmpty)
    }

    // MARK: Restarts

    /// The real runner on the real `marks.sqlite` (system clock, loop started) is stopped while an import runs (its
    /// library is held until the stop cancels it); started again, the import is shown interrupted with the reason and
    /// is not run again, and its staged file is gone.
    @Test(.timeLimit(.minutes(2))) func anImportStoppedMidwayIsShownInterruptedAfterTheRestart() async throws {
        let fixture = try LibraryFixture(.embedded)
        let first = JobRunner(store: try JobStore(database: fixture.cacheDatabase), log: { _ in })
        let imports = try Self.imports(fixture, first)
        let started = Gate()
        await first.register(imports.jobKind(library: {
            started.open()
            let released = Gate()
            await withTaskCancellationHandler { await released.wait() } onCancel: { released.open() }
            throw CancellationError()  // only the stop ends it
        }, describe: { "\($0)" }))
        await first.start()
        try await imports.start(id: "big", file: "big.html", data: Data(Self.file.utf8), foldersAsTags: false)
        await started.wait()
        #expect(try imports.status("big")?.state == .running(done: 0, total: 0))
        await first.stop()
        let job = try #require(try first.store.jobs(kind: ImportJobs.jobKindName).first)
        #expect(job.state == .queued, "the stop put the job back")

        // The restart: a new database connection, runner and imports over the same data directory.
        let database = try Database(path: fixture.dir.url.appendingPathComponent("marks.sqlite").path)
        let second = JobRunner(store: try JobStore(database: database), log: { _ in })
        let restarted = try ImportJobs(database: database, dataDirectory: fixture.dir.url, jobs: second, now: Date.init)
        let ran = Gate()
        await second.register(restarted.jobKind(library: { ran.open(); return fixture.library }, describe: { "\($0)" }))
        await second.start()
        let ended = try await second.waitUntilFinished(job.id)
        await second.stop()
        #expect(ended?.state == .done)
        #expect(try restarted.status("big")?.state == .interrupted("the server stopped while it ran"))
        #expect(!FileManager.default.fileExists(atPath: restarted.stagedFile("big").path))
        #expect(try Self.stored(fixture) == 0, "nothing was imported, and the import was not run again")
    }

    /// An import still queued when the server stopped (its job never began) runs at the next start, whole.
    @Test(.timeLimit(.minutes(2))) func anImportStillQueuedAtAStopRunsAtTheNextStart() async throws {
        let fixture = try LibraryFixture(.embedded)
        let stopped = JobRunner(store: try JobStore(database: fixture.cacheDatabase), log: { _ in })
        try await Self.imports(fixture, stopped).start(id: "waiting", file: "b.html", data: Data(Self.file.utf8), foldersAsTags: false)
        let job = try #require(try stopped.store.jobs(kind: ImportJobs.jobKindName).first)

        let next = JobRunner(store: try JobStore(database: fixture.cacheDatabase), log: { _ in })
        let restarted = try Self.imports(fixture, next)
        await next.register(restarted.jobKind(library: { fixture.library }, describe: { "\($0)" }))
        await next.start()
        let ended = try await next.waitUntilFinished(job.id)
        await next.stop()
        #expect(ended?.state == .done)
        guard case .finished(let report) = try restarted.status("waiting")?.state else {
            Issue.record("not finished: \(String(describing: try restarted.status("waiting")))")
            return
        }
        #expect(report.created == 2)
        #expect(try Self.stored(fixture) == 2)
    }

    /// A process killed while its import ran left the job `running` under an owner that is gone: the next start takes
    /// the job back and the import is shown interrupted, with the reason the runner gives.
    @Test(.timeLimit(.minutes(2))) func anImportWhoseServerWasKilledIsShownInterruptedWithTheReason() async throws {
        let fixture = try LibraryFixture(.embedded)
        let store = try JobStore(database: fixture.cacheDatabase)
        let imports = try Self.imports(fixture, JobRunner(store: store, log: { _ in }))
        try await imports.start(id: "killed", file: "b.html", data: Data(Self.file.utf8), foldersAsTags: false)
        let dead = "pid 999999 on a host that is gone"
        let claimed = try #require(try store.claim(kind: ImportJobs.jobKindName, owner: dead, now: Date()))
        try imports.record("killed", state: "running")  // where the killed process's handler had got to

        let next = JobRunner(store: try JobStore(database: fixture.cacheDatabase), ownerIsGone: { $0 == dead }, log: { _ in })
        let restarted = try Self.imports(fixture, next)
        await next.register(restarted.jobKind(library: { fixture.library }, describe: { "\($0)" }))
        await next.start()
        let ended = try await next.waitUntilFinished(claimed.id)
        await next.stop()
        #expect(ended?.state == .done)
        guard case .interrupted(let reason) = try restarted.status("killed")?.state else {
            Issue.record("not interrupted: \(String(describing: try restarted.status("killed")))")
            return
        }
        #expect(reason.hasPrefix("the server stopped while it ran (the process running it (\(dead)) is gone"), "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: restarted.stagedFile("killed").path))
        #expect(try Self.stored(fixture) == 0)
    }

    /// An import whose job was given up on (dead-lettered without its handler) is shown interrupted with the job's
    /// error, and the next start removes its staged file.
    @Test func anImportWhoseJobWasGivenUpOnIsInterruptedAndTidied() async throws {
        let fixture = try LibraryFixture(.embedded)
        let store = try JobStore(database: fixture.cacheDatabase)
        let imports = try Self.imports(fixture, JobRunner(store: store, log: { _ in }))
        try await imports.start(id: "lost", file: "b.html", data: Data(Self.file.utf8), foldersAsTags: false)
        let claimed = try #require(try store.claim(kind: ImportJobs.jobKindName, owner: "w", now: Date()))
        try store.fail(claimed.claim, error: "no heartbeat", now: Date())
        #expect(try imports.status("lost")?.state == .interrupted("the server stopped while it ran (no heartbeat)"))
        let restarted = try Self.imports(fixture, JobRunner(store: store, log: { _ in }))
        #expect(try restarted.status("lost")?.state == .interrupted("the server stopped while it ran (no heartbeat)"))
        #expect(!FileManager.default.fileExists(atPath: restarted.stagedFile("lost").path))
    }
}
