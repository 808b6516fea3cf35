import Foundation

/// Jobs `0..<count` done by several workers at once — the calling thread (worker 0) and up to `workers - 1`
/// closures on `pool` — each worker taking the next job of `order` when it is free, and the results handed to
/// `emit` on the calling thread in job order (0, 1, 2, …) as soon as each is next. Taking the longest jobs first
/// (`order`) keeps the workers busy to the end instead of one of them waiting on a long last job. Results wait
/// for their turn in memory, so a caller bounds what one call holds by the size of its batch. The first error
/// (from a job, from `emit` or from `check`, which the calling thread runs before each job it takes and each
/// result it emits: a cancellation check) stops the workers after their current job and is thrown once they
/// are done.
///
/// For blocking work a caller splits between itself and a pool of its own (a neural voice's sentences, each
/// worker with its own model instance); `work` receives the worker's number so it can use that worker's state.
public enum OrderedParallelWork {
    public static func run<T: Sendable>(count: Int, workers: Int, pool: WorkerPool, order: [Int]? = nil,
                                        work: @escaping @Sendable (_ worker: Int, _ job: Int) throws -> T,
                                        check: () throws -> Void = {},
                                        emit: (_ job: Int, T) throws -> Void) throws {
        guard count > 0 else { return }
        let order = order.flatMap { $0.count == count && Set($0) == Set(0..<count) ? $0 : nil } ?? Array(0..<count)
        let state = OrderedWorkState<T>(order: order)
        var helpers = 0
        for worker in 1..<max(1, min(workers, count)) where pool.submit({ state.helperLoop { try work(worker, $0) } }) {
            helpers += 1
        }
        state.started(helpers: helpers)
        try state.callerLoop(work: { try work(0, $0) }, check: check, emit: emit)
    }
}

/// The shared state of one `OrderedParallelWork.run`.
///
/// `@unchecked Sendable`: every stored property is touched only while `condition` is locked.
final class OrderedWorkState<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let order: [Int]
    private var taken = 0
    private var emitted = 0
    private var results: [Int: Result<T, any Error>] = [:]
    private var failure: (any Error)?
    private var helpersRunning = 0

    init(order: [Int]) {
        self.order = order
    }

    /// Counts the helpers the pool accepted (one that already finished has counted itself down below zero).
    func started(helpers: Int) {
        condition.lock()
        helpersRunning += helpers
        condition.unlock()
    }

    /// The next job to do, or nil when none is left or the run stopped. Called with the lock held.
    private func take() -> Int? {
        guard failure == nil, taken < order.count else { return nil }
        defer { taken += 1 }
        return order[taken]
    }

    func helperLoop(_ work: (Int) throws -> T) {
        condition.lock()
        while let job = take() {
            condition.unlock()
            let result = Result { try work(job) }
            condition.lock()
            results[job] = result
            condition.broadcast()
        }
        helpersRunning -= 1
        condition.broadcast()
        condition.unlock()
    }

    func callerLoop(work: (Int) throws -> T, check: () throws -> Void, emit: (Int, T) throws -> Void) throws {
        condition.lock()
        while emitted < order.count && failure == nil {
            condition.unlock()
            do {
                try check()
                condition.lock()
            } catch {
                condition.lock()
                failure = error
                break
            }
            if let result = results.removeValue(forKey: emitted) {
                condition.unlock()
                do {
                    try emit(emitted, try result.get())
                    condition.lock()
                    emitted += 1
                } catch {
                    condition.lock()
                    failure = error
                }
            } else if let job = take() {
                condition.unlock()
                let result = Result { try work(job) }
                condition.lock()
                results[job] = result
            } else {
                condition.wait()
            }
        }
        while helpersRunning > 0 { condition.wait() }
        let failure = self.failure
        condition.unlock()
        if let failure { throw failure }
    }
}
