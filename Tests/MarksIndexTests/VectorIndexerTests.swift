import Foundation
import MarksCore
import MarksIndex
import MarksJobs
import SQLiteDatabase
import Synchronization
import Testing

@Suite struct VectorIndexerTests {
    @Test func embedsEveryPendingTextWithProgress() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert((1...10).map { bookmark($0, "Bookmark number \($0)") })
        #expect(try fixture.index.statistics().pendingTexts == 10)
        let reports = Mutex<[IndexProgress]>([])
        let indexer = VectorIndexer(index: fixture.index, batchSize: 3) { WordHashEmbedder.embedder() }
        #expect(indexer.runningProgress == nil)
        // What the Search tab reads while the run goes: the same figures the run reports, and nothing once it ends.
        let live = Mutex<[IndexProgress?]>([])
        let final = try await indexer.run { progress in
            reports.withLock { $0.append(progress) }
            live.withLock { $0.append(indexer.runningProgress) }
        }
        #expect(final == IndexProgress(done: 10, total: 10))
        let seen = reports.withLock { $0 }
        #expect(seen.map(\.done) == [0, 3, 6, 9, 10])
        #expect(seen.allSatisfy { $0.total == 10 })
        #expect(live.withLock { $0 } == seen.map { Optional($0) })
        #expect(indexer.runningProgress == nil)
        #expect(try fixture.index.statistics() == IndexStatistics(documents: 10, archived: 0, pendingTexts: 0, storedVectors: 10))
    }

    /// Bookmarks saved while a run goes (a large import beside the server) are counted once the first count is used
    /// up: the progress (and the Search tab's notice) says how much is really left, not "n of n" all along.
    @Test func textsSavedDuringARunGrowItsTotalBeforeItsDoneReachesIt() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert((1...6).map { bookmark($0, "Bookmark number \($0)") })
        let saved = Mutex(false)
        let index = fixture.index
        let embedder = IndexEmbedder(dimension: WordHashEmbedder.dimension) { texts in
            let first = saved.withLock { done -> Bool in
                defer { done = true }
                return !done
            }
            if first { try index.upsert((7...26).map { bookmark($0, "Saved meanwhile \($0)") }) }
            return texts.map(WordHashEmbedder.vector)
        }
        let reports = Mutex<[IndexProgress]>([])
        let final = try await VectorIndexer(index: fixture.index, batchSize: 3) { embedder }.run { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(final == IndexProgress(done: 26, total: 26))
        let seen = reports.withLock { $0 }
        #expect(seen.first == IndexProgress(done: 0, total: 6))
        #expect(seen.contains { $0.total == 26 && $0.done <= 9 }, "the new total is known early: \(seen)")
        #expect(seen.allSatisfy { $0.done <= $0.total })
        #expect(try fixture.index.statistics().pendingTexts == 0)
    }

    /// Vectors arrive in the random order of their texts' keys and split the table's pages as they go; a run that
    /// stored `packAfter` or more packs the file after it (`SearchIndex.pack`), one that stored fewer does not.
    @Test func aRunThatStoredManyVectorsPacksTheFile() async throws {
        func pages(packAfter: Int) async throws -> (vectorPages: Int, inUse: Int, stored: Int) {
            let fixture = try IndexFixture()
            try fixture.index.upsert((1...1_500).map { bookmark($0, "Bookmark number \($0) about \($0 % 97) things") })
            let indexer = VectorIndexer(index: fixture.index, batchSize: 100, packAfter: packAfter) { WordHashEmbedder.embedder() }
            let final = try await indexer.run()
            let vectorPages = try fixture.index.database.read { connection in
                try connection.queryOne("SELECT count(*) FROM dbstat WHERE name = 'index_vectors'")?.int(at: 0) ?? 0
            }
            return (vectorPages, try fixture.index.pagesInUse(), final.done)
        }
        let split = try await pages(packAfter: .max)
        let packed = try await pages(packAfter: 1_500)
        #expect(split.stored == 1_500 && packed.stored == 1_500)
        #expect(packed.vectorPages < split.vectorPages, "packed \(packed.vectorPages) pages, split \(split.vectorPages)")
        #expect(packed.inUse < split.inUse, "the file: packed \(packed.inUse) pages in use, split \(split.inUse)")
        let unpacked = try await pages(packAfter: 1_501)
        #expect(unpacked.vectorPages == split.vectorPages, "fewer than packAfter: not packed")
    }

    @Test func vectorsAreCachedByContentHash() async throws {
        let fixture = try IndexFixture()
        let counter = EmbedCounter()
        let indexer = VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder(counter: counter) }
        // Two bookmarks with the same text share one vector.
        try fixture.index.upsert([bookmark(1, "Same text", url: "https://a.example/x"), bookmark(2, "Same text", url: "https://a.example/x")])
        try await indexer.run()
        #expect(counter.all.count == 1)
        // Saving it unchanged embeds nothing; an edit embeds once; reverting the edit reuses the cached vector.
        try fixture.index.upsert([bookmark(1, "Same text", url: "https://a.example/x")])
        #expect(try fixture.index.statistics().pendingTexts == 0)
        try fixture.index.upsert([bookmark(1, "Edited text", url: "https://a.example/x")])
        try await indexer.run()
        #expect(counter.all.count == 2)
        try fixture.index.upsert([bookmark(1, "Same text", url: "https://a.example/x")])
        #expect(try fixture.index.statistics().pendingTexts == 0)
        #expect(try fixture.index.pruneVectors() == 1)
        #expect(try fixture.index.statistics().storedVectors == 1)
    }

    @Test func anInterruptedRunResumesWhereItStopped() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert((1...9).map { bookmark($0, "Text \($0)") })
        let calls = Mutex(0)
        let failing = IndexEmbedder(dimension: WordHashEmbedder.dimension) { texts in
            let call = calls.withLock { value -> Int in
                value += 1
                return value
            }
            if call == 2 { throw IndexError.storage("disk on fire") }
            return texts.map(WordHashEmbedder.vector)
        }
        let first = VectorIndexer(index: fixture.index, batchSize: 4) { failing }
        await #expect(throws: IndexError.storage("disk on fire")) { try await first.run() }
        #expect(try fixture.index.statistics().pendingTexts == 5)
        let counter = EmbedCounter()
        let second = VectorIndexer(index: fixture.index, batchSize: 4) { WordHashEmbedder.embedder(counter: counter) }
        #expect(try await second.run() == IndexProgress(done: 5, total: 5))
        #expect(counter.all.count == 5)
        #expect(try fixture.index.statistics().pendingTexts == 0)
    }

    @Test func aLimitedRunLeavesTheRestPending() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert((1...6).map { bookmark($0, "Text \($0)") })
        let indexer = VectorIndexer(index: fixture.index, batchSize: 4) { WordHashEmbedder.embedder() }
        #expect(try await indexer.run(limit: 5) == IndexProgress(done: 5, total: 5))
        #expect(try fixture.index.statistics().pendingTexts == 1)
    }

    @Test func aWrongEmbedderIsRefused() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Text")])
        let wrongSize = VectorIndexer(index: fixture.index) { IndexEmbedder(dimension: 3) { $0.map { _ in [1, 0, 0] } } }
        await #expect(throws: IndexError.dimensionMismatch(expected: WordHashEmbedder.dimension, found: 3)) { try await wrongSize.run() }
        let miscounting = VectorIndexer(index: fixture.index) { IndexEmbedder(dimension: WordHashEmbedder.dimension) { _ in [] } }
        await #expect(throws: IndexError.embedderMiscounted(texts: 1, vectors: 0)) { try await miscounting.run() }
        let missing = VectorIndexer(index: fixture.index) { throw IndexError.modelMissing(message: "get the model") }
        await #expect(throws: IndexError.modelMissing(message: "get the model")) { try await missing.run() }
        #expect(try fixture.index.statistics().pendingTexts == 1)
        #expect(throws: IndexError.dimensionMismatch(expected: WordHashEmbedder.dimension, found: 2)) {
            try fixture.index.storeVectors([(1, [1, 2])])
        }
    }

    @Test func aDamagedVectorIsEmbeddedAgain() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Text")])
        let indexer = VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder() }
        try await indexer.run()
        try fixture.index.database.write { try $0.run("UPDATE index_vectors SET vector = x'0102'") }
        let reopened = try fixture.reopen()
        #expect(try reopened.statistics().pendingTexts == 1)
        #expect(try reopened.vectorSearch(WordHashEmbedder.vector("text"), limit: 5).isEmpty)
        try await VectorIndexer(index: reopened) { WordHashEmbedder.embedder() }.run()
        #expect(try reopened.vectorSearch(WordHashEmbedder.vector("text"), limit: 5).map(\.bookmarkID) == [1])
    }

    @Test func scheduledRunsCoalesceIntoOneJobThatFinishes() async throws {
        let fixture = try IndexFixture()
        let store = try JobStore(database: Database(path: fixture.path))
        let runner = JobRunner(store: store, log: { Issue.record("runner: \($0)") })
        let indexer = VectorIndexer(index: fixture.index, jobs: runner) { WordHashEmbedder.embedder() }
        await runner.register(indexer.backgroundKind())
        for id in 1...5 {
            try fixture.index.upsert([bookmark(id, "Text \(id)")])
            try await indexer.schedule()
        }
        let queued = try store.jobs(states: [.queued])
        #expect(queued.map(\.kind) == [VectorIndexer.jobKind])  // five saves, one job
        await runner.runUntilIdle()
        #expect(try fixture.index.statistics().pendingTexts == 0)
        let done = try #require(try store.job(id: queued[0].id))
        #expect(done.state == .done)
        #expect(done.progress?.text == "5 of 5 texts embedded")
    }

    @Test func withoutTheModelTheJobWaitsSayingHowToGetItInsteadOfFailing() async throws {
        let fixture = try IndexFixture()
        let store = try JobStore(database: Database(path: fixture.path))
        let runner = JobRunner(store: store, log: { Issue.record("runner: \($0)") })
        let indexer = VectorIndexer(index: fixture.index, jobs: runner) { throw IndexError.modelMissing(message: "run make model") }
        await runner.register(indexer.backgroundKind())
        try fixture.index.upsert([bookmark(1, "Text")])
        try await indexer.schedule()
        await runner.runUntilIdle()
        let job = try #require(try store.jobs(kind: VectorIndexer.jobKind).first)
        #expect(job.state == .queued)
        #expect(job.attempts == 0)
        #expect(job.lastError == "run make model")
        #expect(job.runAfter > Date())
    }

    @Test func withoutARunnerScheduleQueuesNothing() async throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "Text")])
        try await VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder() }.schedule()
        #expect(try fixture.index.statistics().pendingTexts == 1)
    }
}
