import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import SystemSupport

/// A one-shot gate a worker closure blocks on until the test opens it (no sleeps, no timing).
private final class Latch: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func open(waiters: Int = 1) { for _ in 0..<waiters { semaphore.signal() } }
    func wait() { semaphore.wait() }
}

/// Values closures on the pool record, read by the test afterwards.
private final class Record: Sendable {
    private let values = Mutex<[Int]>([])
    func append(_ value: Int) { values.withLock { $0.append(value) } }
    var all: [Int] { values.withLock { $0 } }
}

@Suite struct WorkerPoolTests {
    @Test func runsOnItsOwnThreadsAndReturnsTheValue() async throws {
        let pool = WorkerPool(name: "test-pool", threads: 2)
        let isWorker = try await pool.run { WorkerThread.onThisThread != nil }
        #expect(isWorker)
        #expect(WorkerThread.onThisThread == nil) // the test's own thread is none of the pool's
        let sum = try await pool.run { (1...100).reduce(0, +) }
        #expect(sum == 5050)
    }

    @Test func runsAtItsNiceness() async throws {
        let pool = WorkerPool(name: "nice", threads: 1, niceness: 7)
        let niceness = try await pool.run { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(niceness == 7)
        let inherited = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let normal = try await WorkerPool(name: "normal", threads: 1).run { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(normal == inherited) // niceness 0 leaves the thread as it was made
    }

    @Test func rethrowsWhatTheClosureThrows() async {
        struct Boom: Error, Equatable {}
        let pool = WorkerPool(name: "throws", threads: 1)
        await #expect(throws: Boom.self) { try await pool.run { throw Boom() } }
    }

    @Test func oneThreadRunsClosuresInOrderOfArrival() async throws {
        let pool = WorkerPool(name: "fifo", threads: 1)
        let latch = Latch()
        let order = Record()
        let blocker = Task { try await pool.run { latch.wait() } }
        while pool.runningCount == 0 { await Task.yield() }
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<5 {
            tasks.append(Task { try await pool.run { order.append(index) } })
            while pool.waitingCount < index + 1 { await Task.yield() }
        }
        latch.open()
        try await blocker.value
        for task in tasks { try await task.value }
        #expect(order.all == [0, 1, 2, 3, 4])
    }

    @Test func cancellingAWaitingCallRemovesItWithoutRunningIt() async throws {
        let pool = WorkerPool(name: "cancel", threads: 1)
        let latch = Latch()
        let ran = Record()
        let blocker = Task { try await pool.run { latch.wait() } }
        while pool.runningCount == 0 { await Task.yield() }
        let waiting = Task { try await pool.run { ran.append(1) } }
        while pool.waitingCount == 0 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(pool.waitingCount == 0)
        latch.open()
        try await blocker.value
        _ = try await pool.run { 0 } // the queue is drained in order: the cancelled closure would have run before this
        #expect(ran.all.isEmpty)
    }

    @Test func aRunningClosureSeesItsCallerCancelled() async throws {
        let pool = WorkerPool(name: "flag", threads: 1)
        let started = Latch()
        let task = Task {
            try await pool.run { () throws -> Int in
                started.open()
                var spins = 0
                while !WorkerPool.isCancelled { spins += 1 }
                try WorkerPool.checkCancellation()
                return spins
            }
        }
        started.wait()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!WorkerPool.isCancelled) // not on a pool thread
    }

    @Test func aFullQueueRefusesMoreWork() async throws {
        let pool = WorkerPool(name: "bounded", threads: 1, queueLimit: 1)
        let latch = Latch()
        let blocker = Task { try await pool.run { latch.wait() } }
        while pool.runningCount == 0 { await Task.yield() }
        let queued = Task { try await pool.run { 1 } }
        while pool.waitingCount == 0 { await Task.yield() }
        await #expect(throws: WorkerPoolError.queueFull(pool: "bounded", limit: 1)) { try await pool.run { 2 } }
        latch.open()
        try await blocker.value
        #expect(try await queued.value == 1)
    }

    @Test func workOnThePoolLeavesTheCooperativePoolFree() async throws {
        // Both pool threads block; async work on the cooperative pool still runs meanwhile.
        let pool = WorkerPool(name: "free", threads: 2)
        let latch = Latch()
        let blocked = (0..<2).map { _ in Task { try await pool.run { latch.wait() } } }
        while pool.runningCount < 2 { await Task.yield() }
        let answers = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 { group.addTask { index } }
            return await group.reduce(0, +)
        }
        #expect(answers == 28)
        latch.open(waiters: 2)
        for task in blocked { try await task.value }
    }
}
