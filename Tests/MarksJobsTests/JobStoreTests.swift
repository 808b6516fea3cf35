import Foundation
import MarksJobs
import MarksTestSupport
import SQLiteDatabase
import SystemSupport
import Testing

@Suite struct JobStoreTests {
    @Test func enqueueCoalescesOneQueuedJobPerKindAndKey() throws {
        let fixture = try JobFixture()
        let now = fixture.clock.date
        let first = try fixture.store.enqueue(JobRequest(kind: "enrich", key: "7", payload: #"{"id":7}"#,
                                                         runAfter: now.addingTimeInterval(60)), maxAttempts: 3, now: now)
        let again = try fixture.store.enqueue(JobRequest(kind: "enrich", key: "7", payload: #"{"id":7,"again":true}"#),
                                              maxAttempts: 3, now: now)
        let other = try fixture.store.enqueue(JobRequest(kind: "enrich", key: "8"), maxAttempts: 3, now: now)
        let otherKind = try fixture.store.enqueue(JobRequest(kind: "index.vectors", key: "7"), maxAttempts: 3, now: now)
        #expect(!first.coalesced)
        #expect(again.coalesced)
        #expect(again.job.id == first.job.id)
        #expect(again.job.runAfter == now)  // the earlier of the two
        #expect(again.job.payload == #"{"id":7,"again":true}"#)  // the newer payload
        #expect(!other.coalesced && other.job.id != first.job.id)
        #expect(!otherKind.coalesced)
        #expect(try fixture.store.jobs(states: [.queued]).count == 3)
    }

    @Test func theSchemaRefusesAPayloadThatIsNotJSON() throws {
        let fixture = try JobFixture()
        #expect(throws: JobError.self) {
            try fixture.store.enqueue(JobRequest(kind: "enrich", payload: "not json"), maxAttempts: 1, now: fixture.clock.date)
        }
    }

    @Test func aClaimIsAtomicAcrossConnectionsAndCountsTheAttempt() throws {
        let fixture = try JobFixture()
        let other = try fixture.reopened()
        let now = fixture.clock.date
        try fixture.store.enqueue(JobRequest(kind: "enrich", key: "1"), maxAttempts: 3, now: now)
        let claimed = try #require(try fixture.store.claim(kind: "enrich", owner: "a", now: now))
        #expect(try other.claim(kind: "enrich", owner: "b", now: now) == nil)
        #expect(claimed.state == .running)
        #expect(claimed.attempts == 1)
        #expect(claimed.owner == "a")
        #expect(claimed.claimedAt == now && claimed.heartbeatAt == now)
    }

    @Test func aJobIsNotClaimedBeforeItsRunAfterNorBesideARunningTwin() throws {
        let fixture = try JobFixture()
        let now = fixture.clock.date
        try fixture.store.enqueue(JobRequest(kind: "k", key: "later", runAfter: now.addingTimeInterval(30)), maxAttempts: 1, now: now)
        #expect(try fixture.store.claim(kind: "k", owner: "a", now: now) == nil)
        #expect(try fixture.store.claim(kind: "k", owner: "a", now: now.addingTimeInterval(30))?.key == "later")

        try fixture.store.enqueue(JobRequest(kind: "k", key: "same"), maxAttempts: 1, now: now)
        let running = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
        // Saved again while running: a new queued job, which waits for the running one.
        let twin = try fixture.store.enqueue(JobRequest(kind: "k", key: "same"), maxAttempts: 1, now: now)
        #expect(!twin.coalesced)
        #expect(try fixture.store.claim(kind: "k", owner: "b", now: now) == nil)
        try fixture.store.complete(id: running.id, now: now)
        #expect(try fixture.store.claim(kind: "k", owner: "b", now: now)?.id == twin.job.id)
    }

    @Test func heartbeatAndProgressAreStored() throws {
        let fixture = try JobFixture()
        let now = fixture.clock.date
        try fixture.store.enqueue(JobRequest(kind: "k"), maxAttempts: 1, now: now)
        let job = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
        try fixture.store.heartbeat(id: job.id, now: now.addingTimeInterval(5))
        #expect(try fixture.store.job(id: job.id)?.heartbeatAt == now.addingTimeInterval(5))
        try fixture.store.progress(id: job.id, JobProgress(done: 3, total: 4, text: "3 of 4"), now: now.addingTimeInterval(9))
        let stored = try #require(try fixture.store.job(id: job.id))
        #expect(stored.progress == JobProgress(fraction: 0.75, text: "3 of 4"))
        #expect(stored.heartbeatAt == now.addingTimeInterval(9))
    }

    @Test func aStaleRunningJobIsQueuedAgainOrDeadLetteredOnItsLastAttempt() throws {
        let fixture = try JobFixture()
        let now = fixture.clock.date
        try fixture.store.enqueue(JobRequest(kind: "k", key: "again"), maxAttempts: 2, now: now)
        try fixture.store.enqueue(JobRequest(kind: "k", key: "last"), maxAttempts: 1, now: now)
        try fixture.store.enqueue(JobRequest(kind: "k", key: "fresh"), maxAttempts: 1, now: now)
        let again = try #require(try fixture.store.claim(kind: "k", owner: "dead", now: now))
        let last = try #require(try fixture.store.claim(kind: "k", owner: "dead", now: now))
        let fresh = try #require(try fixture.store.claim(kind: "k", owner: "alive", now: now))
        let later = now.addingTimeInterval(120)
        try fixture.store.heartbeat(id: fresh.id, now: later)
        let found = try fixture.store.recoverStale(heartbeatBefore: later.addingTimeInterval(-60), now: later)
        #expect(found.map(\.id) == [again.id, last.id])
        let requeued = try #require(try fixture.store.job(id: again.id))
        #expect(requeued.state == .queued)
        #expect(requeued.attempts == 1)
        #expect(requeued.lastError?.contains("stopped") == true)
        #expect(try fixture.store.job(id: last.id)?.state == .failed)
        #expect(try fixture.store.job(id: fresh.id)?.state == .running)
    }

    /// A job whose process died by kill -9 is queued again at the next look, not after its heartbeat goes stale; a
    /// live owner's, another machine's and an unreadable owner's are left to the heartbeat.
    @Test func aJobOfAProcessThatIsGoneIsQueuedAgainAtOnce() throws {
        let fixture = try JobFixture()
        let now = fixture.clock.date
        let host = ProcessInfo.processInfo.hostName
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let owners = [JobOwner.name(pid: child.processIdentifier, host: host), JobOwner.current,
                      JobOwner.name(pid: child.processIdentifier, host: "elsewhere.example"), "dead"]
        var ids: [Int64] = []
        for (index, owner) in owners.enumerated() {
            try fixture.store.enqueue(JobRequest(kind: "k", key: "job\(index)"), maxAttempts: 3, now: now)
            ids.append(try #require(try fixture.store.claim(kind: "k", owner: owner, now: now)).id)
        }
        #expect(JobOwner.isGone(owners[0]) && !JobOwner.isGone(owners[1]) && !JobOwner.isGone(owners[2]) && !JobOwner.isGone("dead"))
        let found = try fixture.store.recoverStale(heartbeatBefore: now.addingTimeInterval(-60), ownerIsGone: { JobOwner.isGone($0) },
                                                   now: now)
        #expect(found.map(\.id) == [ids[0]])
        #expect(try fixture.store.job(id: ids[0])?.state == .queued)
        #expect(try fixture.store.job(id: ids[0])?.lastError?.contains("is gone") == true)
        #expect(try ids.dropFirst().allSatisfy { try fixture.store.job(id: $0)?.state == .running })
    }

    @Test func pruningDeletesOnlyOldDoneJobs() throws {
        let fixture = try JobFixture()
        let now = fixture.clock.date
        for key in ["old", "failed", "new"] { try fixture.store.enqueue(JobRequest(kind: "k", key: key), maxAttempts: 1, now: now) }
        let old = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
        let failed = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
        let new = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
        try fixture.store.complete(id: old.id, now: now)
        try fixture.store.fail(id: failed.id, error: "broken", now: now)
        try fixture.store.complete(id: new.id, now: now.addingTimeInterval(86_400))
        #expect(try fixture.store.prune(finishedBefore: now.addingTimeInterval(3600)) == 1)
        #expect(try fixture.store.job(id: old.id) == nil)
        #expect(try fixture.store.job(id: failed.id)?.state == .failed)
        #expect(try fixture.store.job(id: new.id)?.state == .done)
    }

    @Test func aFailedJobCanBeRetriedOrCleared() throws {
        let fixture = try JobFixture()
        let now = fixture.clock.date
        try fixture.store.enqueue(JobRequest(kind: "k", key: "a"), maxAttempts: 1, now: now)
        try fixture.store.enqueue(JobRequest(kind: "k", key: "b"), maxAttempts: 1, now: now)
        let a = try #require(try fixture.store.claim(kind: "k", owner: "x", now: now))
        let b = try #require(try fixture.store.claim(kind: "k", owner: "x", now: now))
        try fixture.store.fail(id: a.id, error: "no", now: now)
        try fixture.store.fail(id: b.id, error: "no", now: now)
        #expect(throws: JobError.notFound(999)) {
            try fixture.store.retryFailed(id: 999, now: now)
        }
        let retried = try fixture.store.retryFailed(id: a.id, now: now)
        #expect(retried.state == .queued && retried.attempts == 0)
        #expect(throws: JobError.wrongState(id: a.id, state: .queued, expected: .failed)) {
            try fixture.store.retryFailed(id: a.id, now: now)
        }
        #expect(try fixture.store.clearFailed() == 1)
        #expect(try fixture.store.job(id: b.id) == nil)
        #expect(try fixture.store.job(id: a.id)?.state == .queued)
    }
}
