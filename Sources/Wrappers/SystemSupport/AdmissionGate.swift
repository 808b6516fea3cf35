import Synchronization

/// Admission control and a time budget for one class of heavy work (AI requests, batch enrichment):
/// at most `limit` calls run at once; a call beyond that is refused at once with `AdmissionError.busy`
/// (so the server can answer 503 with `Retry-After` instead of queueing without end), and a call that
/// takes longer than its budget is answered with `AdmissionError.overBudget` and its work is cancelled.
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

        /// A policy.
        public init(limit: Int, budget: Duration, retryAfterSeconds: Int = 5) {
            self.limit = max(1, limit)
            self.budget = budget
            self.retryAfterSeconds = max(1, retryAfterSeconds)
        }
    }

    /// What the gate guards, for messages ("AI requests").
    public let name: String
    /// Its limits.
    public let policy: Policy
    private let running = Mutex(0)

    /// A gate for `name` under `policy`.
    public init(name: String, policy: Policy) {
        self.name = name
        self.policy = policy
    }

    /// Calls running now.
    public var inFlight: Int { running.withLock { $0 } }

    /// Runs `work` if a slot is free, within `budget` (the policy's when nil).
    public func run<T: Sendable>(budget: Duration? = nil, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let admitted = running.withLock { count in
            guard count < policy.limit else { return false }
            count += 1
            return true
        }
        guard admitted else { throw AdmissionError.busy(what: name, retryAfterSeconds: policy.retryAfterSeconds) }
        let budget = budget ?? policy.budget
        let outcome = Outcome<T>()
        let worker = Task {
            let result: Result<T, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            // The slot is free before the caller hears the result, so its next request finds it free.
            self.running.withLock { $0 -= 1 }
            outcome.finish(result)
        }
        let timer = Task {
            do {
                try await Task.sleep(for: budget)
            } catch {
                return // the work finished first and cancelled the timer
            }
            if outcome.finish(.failure(AdmissionError.overBudget(what: name, budget: budget))) { worker.cancel() }
        }
        return try await withTaskCancellationHandler {
            let result = await outcome.value()
            timer.cancel()
            return try result.get()
        } onCancel: {
            worker.cancel()
            timer.cancel()
            outcome.finish(.failure(CancellationError()))
        }
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
