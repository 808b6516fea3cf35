import Synchronization

/// Runs an operation against a deadline measured by an injected sleep, so tests decide when time is up
/// without waiting. Whichever finishes first wins; the other is cancelled and its result dropped.
enum Deadline {
    /// Thrown when the sleep ended first.
    struct Expired: Error {}

    static func run<T: Sendable>(
        after limit: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.start(continuation,
                           work: Task { race.finish(await Result { try await operation() }) },
                           timer: Task {
                               do {
                                   try await sleep(limit)
                                   race.finish(.failure(Expired()))
                               } catch {
                                   // Cancelled because the work finished first.
                               }
                           })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Resumes the continuation once, with the first result, and cancels both tasks.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var tasks: [Task<Void, Never>] = []
            var early: Result<T, any Error>?
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<T, any Error>, work: Task<Void, Never>, timer: Task<Void, Never>) {
            let early = state.withLock { state -> Result<T, any Error>? in
                state.tasks = [work, timer]
                if let early = state.early { return early }
                state.continuation = continuation
                return nil
            }
            if let early {
                work.cancel()
                timer.cancel()
                continuation.resume(with: early)
            }
        }

        func finish(_ result: Result<T, any Error>) {
            let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) in
                if state.continuation == nil && state.tasks.isEmpty {
                    if state.early == nil { state.early = result }
                    return (nil, [])
                }
                defer { state.continuation = nil }
                return (state.continuation, state.tasks)
            }
            guard let continuation else { return }
            for task in tasks { task.cancel() }
            continuation.resume(with: result)
        }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
