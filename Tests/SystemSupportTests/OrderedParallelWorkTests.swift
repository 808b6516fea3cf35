import Foundation
import Synchronization
import Testing
@testable import SystemSupport

@Suite struct OrderedParallelWorkTests {
    private struct Boom: Error, Equatable { let job: Int }

    @Test(arguments: [nil, [4, 0, 3, 1, 2]] as [[Int]?])
    func emitsEveryResultOnceInJobOrder(order: [Int]?) throws {
        let pool = WorkerPool(name: "opw-test", threads: 2)
        let caller = Thread.current
        var emitted: [Int] = []
        try OrderedParallelWork.run(count: 5, workers: 3, pool: pool, order: order, work: { _, job in
            Thread.sleep(forTimeInterval: Double(5 - job) * 0.002)  // the behaviour under test: later jobs finish first
            return job * 10
        }, emit: { job, value in
            #expect(Thread.current == caller)
            #expect(value == job * 10)
            emitted.append(job)
        })
        #expect(emitted == [0, 1, 2, 3, 4])
    }

    @Test func jobsRunOnTheHelpersToo() throws {
        let pool = WorkerPool(name: "opw-helpers", threads: 1)
        let workers = Mutex(Set<Int>())
        let started = Atomic(0)
        let bothStarted = DispatchGroup()
        bothStarted.enter()
        bothStarted.enter()
        try OrderedParallelWork.run(count: 2, workers: 2, pool: pool, work: { worker, _ in
            workers.withLock { _ = $0.insert(worker) }
            // Each job waits until both have started (60 s, a hang guard): only two workers at once can pass.
            started.add(1, ordering: .relaxed)
            bothStarted.leave()
            _ = bothStarted.wait(timeout: .now() + 60)
            return 0
        }, emit: { _, _ in })
        #expect(workers.withLock { $0 } == [0, 1])
        #expect(started.load(ordering: .relaxed) == 2)
    }

    @Test func theFirstFailingJobInOrderIsThrownAndNothingAfterItIsEmitted() {
        let pool = WorkerPool(name: "opw-fail", threads: 1)
        var emitted: [Int] = []
        #expect(throws: Boom(job: 2)) {
            try OrderedParallelWork.run(count: 40, workers: 2, pool: pool, work: { _, job in
                if job == 2 || job == 30 { throw Boom(job: job) }
                return job
            }, emit: { job, _ in emitted.append(job) })
        }
        #expect(emitted == [0, 1])
    }

    @Test func aThrowingCheckStopsTheWorkersEarly() {
        let pool = WorkerPool(name: "opw-cancel", threads: 1)
        let done = Atomic(0)
        var emitted = 0
        #expect(throws: CancellationError.self) {
            try OrderedParallelWork.run(count: 200, workers: 2, pool: pool, work: { _, job in
                Thread.sleep(forTimeInterval: 0.001)  // the behaviour under test: work slow enough for the check to stop it early
                done.add(1, ordering: .relaxed)
                return job
            }, check: { if emitted >= 3 { throw CancellationError() } }, emit: { _, _ in emitted += 1 })
        }
        #expect(emitted == 3)
        #expect(done.load(ordering: .relaxed) < 200)
    }

    @Test func noJobsIsNoWork() throws {
        let pool = WorkerPool(name: "opw-empty", threads: 1)
        try OrderedParallelWork.run(count: 0, workers: 2, pool: pool, work: { _, _ -> Int in
            Issue.record("no job should run")
            return 0
        }, emit: { _, _ in Issue.record("nothing to emit") })
    }
}
