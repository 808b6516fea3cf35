import Synchronization

/// Admission control and a time budget for one class of heavy work (AI requests, batch enrichment, keyword searches):
/// at most `limit` calls run at once and at most `queue` more wait for a slot, first come first served; a call beyond
/// that is refused at once with `AdmissionError.busy` (so the server can answer 503 with `Retry-After` instead of
/// queueing without end), and a call that takes longer than its budget is answered with `AdmissionError.overBudget`
/// and its work is cancelled.
///
/// A slot is held until the work really ends, not just until the caller was answered: work that runs on
/// past its budget (a closure on a `WorkerPool` stops at its next checkpoint) still counts.
public final class AdmissionGate: Sendable {
    /// How many may run, for how long, and what a refused caller is told.
    public struct Policy: Sendable, Equatable {
        /// Calls running at once.
        public var limit: Int
        /// The longest a call may take before it is answered `overBudget`.
        public var budget: Duration
        /// Seconds a refused caller is asked to wait (`Retry-After`).
        public var retryAfterSeconds: Int
        /// Calls that may wait for a slot when all are taken (0: refused at once). A waiting call's budget starts
        /// when it gets its slot.
        public var queue: Int

        /// A policy.
        public init(limit: Int, budget: Duration, retryAfterSeconds: Int = 5, queue: Int = 0) {
            self.limit = max(1, limit)
            self.budget = budget
            self.retryAfterSeconds = max(1, retryAfterSeconds)
            self.queue = max(0, queue)
        }
    }

    /// What the gate guards, for messages ("AI requests").
    public let name: String
    /// Its limits.
    public let policy: Policy
    private let slots = Mutex(Slots())
    /// The one thread that answers calls past their budget (a sleeping timer task per call would keep each call's
    /// timer queued for its whole budget: thousands of searches a second held megabytes for 30 seconds).
    private let watchdog = Watchdog()

    /// The calls holding a slot, and those waiting for one (oldest first).
    private struct Slots {
        var running = 0
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextID: UInt64 = 0
        /// Waiters that were cancelled before they were queued.
        var cancelled: Set<UInt64> = []
    }

    /// A gate for `name` under `policy`.
    public init(name: String, policy: Policy) {
        self.name = name
        self.policy = policy
    }

    /// Calls running now.
    public var inFlight: Int { slots.withLock { $0.running } }
    /// Calls waiting for a slot now.
    public var waiting: Int { slots.withLock { $0.waiting.count } }

    /// Runs `work` in the calling task once it has a slot (at once, or after its turn in the queue), with no time
    /// budget: for work bounded by itself (a keyword search under its cost limits), where a task and a deadline per
    /// call would cost more than the work.
    public func runInline<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await work()
    }

    /// Runs `work` if a slot is free, within `budget` (the policy's when nil), on `executor` (the caller's threads: an
    /// unstructured task does not inherit the caller's executor preference, and without one the work would move to
    /// Swift's cooperative pool).
    public func run<T: Sendable>(budget: Duration? = nil, on executor: (any TaskExecutor)? = nil,
                                 _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await acquire()
        let budget = budget ?? policy.budget
        let outcome = Outcome<T>()
        let worker = Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            // The slot is free before the caller hears the result, so its next request finds it free.
            self.release()
            outcome.finish(result)
        }
        let name = self.name
        let deadline = watchdog.watch(until: .now + budget) {
            if outcome.finish(.failure(AdmissionError.overBudget(what: name, budget: budget))) { worker.cancel() }
        }
        return try await withTaskCancellationHandler {
            let result = await outcome.value()
            watchdog.forget(deadline)
            return try result.get()
        } onCancel: {
            worker.cancel()
            watchdog.forget(deadline)
            outcome.finish(.failure(CancellationError()))
        }
    }
}

extension AdmissionGate {
    /// Takes a slot: at once when one is free, else after waiting in the queue when it has room; throws `busy` when
    /// neither, and `CancellationError` when the caller is cancelled while it waits (its place is given up).
    private func acquire() async throws {
        enum Decision { case admitted, refused, wait(UInt64) }
        let decision = slots.withLock { slots -> Decision in
            if slots.running < policy.limit {
                slots.running += 1
                return .admitted
            }
            guard slots.waiting.count < policy.queue else { return .refused }
            slots.nextID &+= 1
            return .wait(slots.nextID)
        }
        switch decision {
        case .admitted: return
        case .refused: throw AdmissionError.busy(what: name, retryAfterSeconds: policy.retryAfterSeconds)
        case .wait(let id):
            let admitted = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let resumeNow = slots.withLock { slots -> Bool in
                        if slots.cancelled.remove(id) != nil { return true }
                        slots.waiting.append((id, continuation))
                        return false
                    }
                    if resumeNow { continuation.resume(returning: false) }
                }
            } onCancel: {
                let waiter = slots.withLock { slots -> CheckedContinuation<Bool, Never>? in
                    guard let index = slots.waiting.firstIndex(where: { $0.id == id }) else {
                        slots.cancelled.insert(id)  // not queued yet (or already handed a slot, then never read)
                        return nil
                    }
                    return slots.waiting.remove(at: index).continuation
                }
                waiter?.resume(returning: false)
            }
            slots.withLock { _ = $0.cancelled.remove(id) }  // a cancellation that came after the slot was handed over
            guard admitted else { throw CancellationError() }
        }
    }

    /// Gives a slot back: to the oldest waiter when there is one (the count stays), else to the pool.
    private func release() {
        let next = slots.withLock { slots -> CheckedContinuation<Bool, Never>? in
            guard !slots.waiting.isEmpty else {
                slots.running -= 1
                return nil
            }
            return slots.waiting.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}

/// The first result of a race (work, timer, cancellation), handed to one waiter.
///
/// `@unchecked Sendable`: all state is inside the mutex.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    private struct State {
        var result: Result<T, any Error>?
        var waiter: CheckedContinuation<Result<T, any Error>, Never>?
    }

    private let state = Mutex(State())

    /// Records `result` if none is recorded yet; true when this call decided the race.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let (decided, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Result<T, any Error>, Never>?) in
            guard state.result == nil else { return (false, nil) }
            state.result = result
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: result)
        return decided
    }

    /// Waits for the first result.
    func value() async -> Result<T, any Error> {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Result<T, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
