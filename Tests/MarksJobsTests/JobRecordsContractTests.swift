import Foundation
import MarksJobs
import MarksTestSupport
import SystemSupport
import Testing

/// The jobs table's contract (`JobRecords`), on SQLite and on PostgreSQL: coalescing, claims in priority order,
/// numbered claims that make completion exactly-once, stale-job recovery, and claims racing from many workers.
@Suite struct JobRecordsContractTests {
    @Test(.enabled(if: TestServer.enabled, TestServer.skipped)) func theContractAlsoRunsOnPostgreSQL() {
        #expect(StoreBackend.all == [.sqlite, .postgres])
    }

    /// SQLite cannot hear another process's changes: the runner's pick-up look finds them (PostgresJobWakeUpTests).
    @Test func theSQLiteStoreHasNoWakeUpsOfItsOwn() throws {
        #expect(try JobFixture().store.watchChanges({}) == nil)
    }

    @Test(arguments: StoreBackend.all) func enqueueCoalescesOneQueuedJobPerKindAndKey(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
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
    }

    @Test(arguments: StoreBackend.all) func theSchemaRefusesAPayloadThatIsNotJSON(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            #expect(throws: JobError.self) {
                try fixture.store.enqueue(JobRequest(kind: "enrich", payload: "not json"), maxAttempts: 1, now: fixture.clock.date)
            }
        }
    }

    @Test(arguments: StoreBackend.all) func aClaimIsAtomicAcrossConnectionsAndCountsTheAttempt(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let other = try fixture.reopened()
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "enrich", key: "1"), maxAttempts: 3, now: now)
            let claimed = try #require(try fixture.store.claim(kind: "enrich", owner: "a", now: now))
            #expect(try other.claim(kind: "enrich", owner: "b", now: now) == nil)
            #expect(claimed.state == .running)
            #expect(claimed.attempts == 1)
            #expect(claimed.lease == 1)
            #expect(claimed.owner == "a")
            #expect(claimed.claimedAt == now && claimed.heartbeatAt == now)
        }
    }

    @Test(arguments: StoreBackend.all) func aJobIsNotClaimedBeforeItsRunAfterNorBesideARunningTwin(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
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
            #expect(try fixture.store.claim(id: twin.job.id, owner: "b", now: now) == nil)
            try fixture.store.complete(running.claim, now: now)
            #expect(try fixture.store.claim(kind: "k", owner: "b", now: now)?.id == twin.job.id)
        }
    }

    @Test(arguments: StoreBackend.all) func aHigherPriorityIsClaimedFirstAndEnqueueingAgainRaisesIt(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "podcast", key: "sweep", runAfter: now.addingTimeInterval(-60)), maxAttempts: 1, now: now)
            try fixture.store.enqueue(JobRequest(kind: "podcast", key: "later"), maxAttempts: 1, now: now)
            try fixture.store.enqueue(JobRequest(kind: "podcast", key: "waiting", priority: JobPriority.foreground), maxAttempts: 1, now: now)
            let raised = try fixture.store.enqueue(JobRequest(kind: "podcast", key: "later", priority: JobPriority.foreground), maxAttempts: 1,
                                                   now: now.addingTimeInterval(1))
            #expect(raised.coalesced && raised.job.priority == JobPriority.foreground)
            let order = try (0..<3).map { _ in try #require(try fixture.store.claim(kind: "podcast", owner: "w", now: now.addingTimeInterval(1))).key }
            #expect(order == ["later", "waiting", "sweep"])  // foreground by waiting time (the same), then by id; background last
            try fixture.store.enqueue(JobRequest(kind: "podcast", key: "x", priority: JobPriority.foreground), maxAttempts: 1, now: now)
            let kept = try fixture.store.enqueue(JobRequest(kind: "podcast", key: "x"), maxAttempts: 1, now: now)
            #expect(kept.coalesced && kept.job.priority == JobPriority.foreground)  // a background ask never lowers it
        }
    }

    @Test(arguments: StoreBackend.all) func heartbeatAndProgressAreStored(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "k"), maxAttempts: 1, now: now)
            let job = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
            try fixture.store.heartbeat(job.claim, now: now.addingTimeInterval(5))
            #expect(try fixture.store.job(id: job.id)?.heartbeatAt == now.addingTimeInterval(5))
            try fixture.store.progress(job.claim, JobProgress(done: 3, total: 4, text: "3 of 4"), now: now.addingTimeInterval(9))
            let stored = try #require(try fixture.store.job(id: job.id))
            #expect(stored.progress == JobProgress(fraction: 0.75, text: "3 of 4"))
            #expect(stored.heartbeatAt == now.addingTimeInterval(9))
        }
    }

    @Test(arguments: StoreBackend.all) func aStaleRunningJobIsQueuedAgainOrDeadLetteredOnItsLastAttempt(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "k", key: "again"), maxAttempts: 2, now: now)
            try fixture.store.enqueue(JobRequest(kind: "k", key: "last"), maxAttempts: 1, now: now)
            try fixture.store.enqueue(JobRequest(kind: "k", key: "fresh"), maxAttempts: 1, now: now)
            let again = try #require(try fixture.store.claim(kind: "k", owner: "dead", now: now))
            let last = try #require(try fixture.store.claim(kind: "k", owner: "dead", now: now))
            let fresh = try #require(try fixture.store.claim(kind: "k", owner: "alive", now: now))
            let later = now.addingTimeInterval(120)
            try fixture.store.heartbeat(fresh.claim, now: later)
            let found = try fixture.store.recoverStale(heartbeatBefore: later.addingTimeInterval(-60), now: later)
            #expect(found.map(\.id) == [again.id, last.id])
            let requeued = try #require(try fixture.store.job(id: again.id))
            #expect(requeued.state == .queued)
            #expect(requeued.attempts == 1)
            #expect(requeued.lastError?.contains("stopped") == true)
            #expect(try fixture.store.job(id: last.id)?.state == .failed)
            #expect(try fixture.store.job(id: fresh.id)?.state == .running)
        }
    }

    /// A job whose process died by kill -9 is queued again at the next look, not after its heartbeat goes stale; a
    /// live owner's, another machine's (also one with this machine's host name: a cloned VM, a container on the host's
    /// network, whose pids mean nothing here) and an unreadable owner's are left to the heartbeat.
    @Test(arguments: StoreBackend.all) func aJobOfAProcessThatIsGoneIsQueuedAgainAtOnce(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/true")
            try child.run()
            child.waitUntilExit()
            let owners = [JobOwner.name(pid: child.processIdentifier, host: JobOwner.machine), JobOwner.current,
                          JobOwner.name(pid: child.processIdentifier, host: "elsewhere.example"), "dead",
                          JobOwner.name(pid: child.processIdentifier, host: ProcessInfo.processInfo.hostName)]
            var ids: [Int64] = []
            for (index, owner) in owners.enumerated() {
                try fixture.store.enqueue(JobRequest(kind: "k", key: "job\(index)"), maxAttempts: 3, now: now)
                ids.append(try #require(try fixture.store.claim(kind: "k", owner: owner, now: now)).id)
            }
            let found = try fixture.store.recoverStale(heartbeatBefore: now.addingTimeInterval(-60), ownerIsGone: { JobOwner.isGone($0) },
                                                       now: now)
            #expect(found.map(\.id) == [ids[0]])
            #expect(try fixture.store.job(id: ids[0])?.state == .queued)
            #expect(try fixture.store.job(id: ids[0])?.lastError?.contains("is gone") == true)
            #expect(try ids.dropFirst().allSatisfy { try fixture.store.job(id: $0)?.state == .running })
        }
    }

    /// Issue 35 item 9: a process killed (kill -9, a crash) while running a job did not fail it; its attempt is not
    /// counted, so three kills leave the job queued with its attempts whole, not dead-lettered. A job whose process
    /// is alive but silent still counts the attempt.
    @Test(arguments: StoreBackend.all) func aCrashIsNotACountedAttempt(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/true")
            try child.run()
            child.waitUntilExit()
            let gone = JobOwner.name(pid: child.processIdentifier, host: JobOwner.machine)
            let job = try fixture.store.enqueue(JobRequest(kind: "podcast.generate", key: "crash"), maxAttempts: 3, now: now).job
            for round in 1...5 {
                let claimed = try #require(try fixture.store.claim(kind: "podcast.generate", owner: gone, now: now))
                #expect(claimed.attempts == 1, "round \(round)")
                let found = try fixture.store.recoverStale(heartbeatBefore: now.addingTimeInterval(-60), ownerIsGone: { JobOwner.isGone($0) },
                                                           now: now)
                #expect(found.map(\.id) == [job.id])
                let after = try #require(try fixture.store.job(id: job.id))
                #expect(after.state == .queued, "round \(round): \(after.state)")
                #expect(after.attempts == 0)
            }
            let silent = try #require(try fixture.store.claim(kind: "podcast.generate", owner: JobOwner.current, now: now))
            #expect(silent.attempts == 1)
            let later = now.addingTimeInterval(120)
            _ = try fixture.store.recoverStale(heartbeatBefore: later.addingTimeInterval(-60), ownerIsGone: { JobOwner.isGone($0) }, now: later)
            #expect(try fixture.store.job(id: job.id)?.attempts == 1, "a silent worker's attempt counts")
        }
    }

    /// Exactly-once completion: once a worker's job was taken back (its heartbeat went stale) and claimed again, that
    /// worker can neither heartbeat, finish, fail nor requeue it; the new claim finishes it, once.
    @Test(arguments: StoreBackend.all) func aWorkerThatLostItsLeaseCannotEndTheJob(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            let other = try fixture.reopened()
            let job = try fixture.store.enqueue(JobRequest(kind: "podcast.generate", key: "e1"), maxAttempts: 3, now: now).job
            let lost = try #require(try fixture.store.claim(kind: "podcast.generate", owner: "worker 1", now: now)).claim
            let later = now.addingTimeInterval(120)
            #expect(try other.recoverStale(heartbeatBefore: later.addingTimeInterval(-60), now: later).map(\.id) == [job.id])
            let held = try #require(try other.claim(kind: "podcast.generate", owner: "worker 2", now: later)).claim
            #expect(held.lease == lost.lease + 1)
            #expect(throws: JobError.leaseLost(lost)) { try fixture.store.heartbeat(lost, now: later) }
            #expect(throws: JobError.leaseLost(lost)) { try fixture.store.progress(lost, JobProgress(fraction: 1, text: "x"), now: later) }
            #expect(throws: JobError.leaseLost(lost)) { try fixture.store.complete(lost, now: later) }
            #expect(throws: JobError.leaseLost(lost)) { try fixture.store.fail(lost, error: "x", now: later) }
            #expect(throws: JobError.leaseLost(lost)) {
                try fixture.store.requeue(lost, runAfter: later, note: nil, countAttempt: false, now: later)
            }
            #expect(try fixture.store.job(id: job.id)?.owner == "worker 2")
            try other.complete(held, now: later)
            #expect(throws: JobError.leaseLost(held)) { try other.complete(held, now: later) }
            let done = try #require(try fixture.store.job(id: job.id))
            #expect(done.state == .done && done.attempts == 2)
        }
    }

    @Test(arguments: StoreBackend.all) func aRequeuedJobMergesIntoATwinQueuedWhileItRan(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "k", key: "same"), maxAttempts: 3, now: now)
            let running = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
            let twin = try fixture.store.enqueue(JobRequest(kind: "k", key: "same", runAfter: now.addingTimeInterval(300)), maxAttempts: 3, now: now)
            try fixture.store.requeue(running.claim, runAfter: now.addingTimeInterval(30), note: "busy", countAttempt: true, now: now)
            #expect(try fixture.store.job(id: running.id) == nil)
            let merged = try #require(try fixture.store.job(id: twin.job.id))
            #expect(merged.state == .queued && merged.runAfter == now.addingTimeInterval(30))
            #expect(try fixture.store.jobs().count == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func pruningDeletesOnlyOldDoneJobs(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            for key in ["old", "failed", "new"] { try fixture.store.enqueue(JobRequest(kind: "k", key: key), maxAttempts: 1, now: now) }
            let old = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
            let failed = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
            let new = try #require(try fixture.store.claim(kind: "k", owner: "a", now: now))
            try fixture.store.complete(old.claim, now: now)
            try fixture.store.fail(failed.claim, error: "broken", now: now)
            try fixture.store.complete(new.claim, now: now.addingTimeInterval(86_400))
            #expect(try fixture.store.prune(finishedBefore: now.addingTimeInterval(3600)) == 1)
            #expect(try fixture.store.job(id: old.id) == nil)
            #expect(try fixture.store.job(id: failed.id)?.state == .failed)
            #expect(try fixture.store.job(id: new.id)?.state == .done)
        }
    }

    @Test(arguments: StoreBackend.all) func aFailedJobCanBeRetriedOrCleared(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "k", key: "a"), maxAttempts: 1, now: now)
            try fixture.store.enqueue(JobRequest(kind: "k", key: "b"), maxAttempts: 1, now: now)
            let a = try #require(try fixture.store.claim(kind: "k", owner: "x", now: now))
            let b = try #require(try fixture.store.claim(kind: "k", owner: "x", now: now))
            try fixture.store.fail(a.claim, error: "no", now: now)
            try fixture.store.fail(b.claim, error: "no", now: now)
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
            #expect(try fixture.store.cancelQueued(kind: "k", key: "a") == 1)
            #expect(try fixture.store.jobs().isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func theLooksBeforeAClaimSeeWhatIsDueAndWhatIsNext(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "a"), maxAttempts: 1, now: now)
            try fixture.store.enqueue(JobRequest(kind: "b", runAfter: now.addingTimeInterval(40)), maxAttempts: 1, now: now)
            try fixture.store.enqueue(JobRequest(kind: "c", runAfter: now.addingTimeInterval(20)), maxAttempts: 1, now: now)
            #expect(try fixture.store.dueKinds(["a", "b", "c"], at: now) == ["a"])
            #expect(try fixture.store.dueKinds(["b", "c"], at: now.addingTimeInterval(40)) == ["b", "c"])
            #expect(try fixture.store.nextRunAfter(kinds: ["a", "b", "c"], after: now) == now.addingTimeInterval(20))
            #expect(try fixture.store.nextRunAfter(kinds: ["b"], after: now) == now.addingTimeInterval(40))
            #expect(try fixture.store.nextRunAfter(kinds: ["a"], after: now) == nil)
            #expect(try fixture.store.jobs(kind: "c", key: "", limit: 1).map(\.kind) == ["c"])
        }
    }

    // MARK: Races

    /// Many workers claim from one table at once (each on its own connection, as separate processes would): every
    /// job is claimed exactly once, and every claim completes.
    @Test(arguments: StoreBackend.all) func racingClaimersClaimEachJobOnce(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            let count = 120
            for index in 0..<count {
                try fixture.store.enqueue(JobRequest(kind: "race", key: "job-\(index)", priority: index % 3), maxAttempts: 1, now: now)
            }
            let workers = try (0..<6).map { _ in try fixture.reopened() }
            let claimed = await onThreads(workers.count) { thread in
                var mine: [Int64] = []
                while let job = try workers[thread].claim(kind: "race", owner: "worker \(thread)", now: now) {
                    try workers[thread].complete(job.claim, now: now)
                    mine.append(job.id)
                }
                return mine
            }
            let ids = try claimed.flatMap { try $0.get() }
            #expect(ids.count == count)
            #expect(Set(ids).count == count)
            let done = try fixture.store.jobs(states: [.done], limit: 1000)
            #expect(done.count == count && done.allSatisfy { $0.attempts == 1 && $0.lease == 1 })
        }
    }

    /// Two workers that both think they hold a job race to finish it: exactly one completion is recorded.
    @Test(arguments: StoreBackend.all) func racingCompletionsOfOneClaimRecordOne(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.enqueue(JobRequest(kind: "k"), maxAttempts: 1, now: now)
            let claim = try #require(try fixture.store.claim(kind: "k", owner: "w", now: now)).claim
            let workers = try (0..<6).map { _ in try fixture.reopened() }
            let outcomes = await onThreads(workers.count) { thread in try workers[thread].complete(claim, now: now) }
            #expect(outcomes.filter { if case .success = $0 { true } else { false } }.count == 1)
            #expect(outcomes.allSatisfy { outcome in
                if case .failure(let error) = outcome { return error as? JobError == .leaseLost(claim) }
                return true
            })
        }
    }

    /// Every worker's maintenance looks for stale jobs at once: each stale job is taken back once.
    @Test(arguments: StoreBackend.all) func racingRecoveriesTakeEachStaleJobBackOnce(_ backend: StoreBackend) async throws {
        try await JobFixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            for index in 0..<10 { try fixture.store.enqueue(JobRequest(kind: "k", key: "\(index)"), maxAttempts: 3, now: now) }
            while try fixture.store.claim(kind: "k", owner: "dead", now: now) != nil {}
            let later = now.addingTimeInterval(600)
            let workers = try (0..<5).map { _ in try fixture.reopened() }
            let found = await onThreads(workers.count) { thread in
                try workers[thread].recoverStale(heartbeatBefore: later.addingTimeInterval(-60), now: later).map(\.id)
            }
            let ids = try found.flatMap { try $0.get() }
            #expect(ids.count == 10 && Set(ids).count == 10)
            let queued = try fixture.store.jobs(states: [.queued])
            #expect(queued.count == 10 && queued.allSatisfy { $0.attempts == 1 })
        }
    }
}
