import Synchronization

/// One closure handed to a `WorkerPool`, with its place in the queue's life cycle.
///
/// `@unchecked Sendable`: `state`, `execute` and `reject` are read and written only while the owning
/// `WorkQueue` holds its lock (or, for `execute`, by the one worker thread that took the item out of
/// the queue under that lock); `cancelled` is an atomic.
final class WorkItem: @unchecked Sendable {
    enum State { case new, waiting, running, finished }

    var state = State.new
    private(set) var execute: (() -> Void)?
    private(set) var reject: ((any Error) -> Void)?
    private let cancelled = Atomic(false)

    /// True once the caller was cancelled.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func prepare(execute: @escaping () -> Void, reject: @escaping (any Error) -> Void) {
        self.execute = execute
        self.reject = reject
    }

    func markCancelled() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Hands back the closure to run and forgets both closures (each continuation resumes once).
    func takeExecute() -> (() -> Void)? {
        defer { execute = nil; reject = nil }
        return execute
    }

    /// Hands back the rejection and forgets both closures.
    func takeReject() -> ((any Error) -> Void)? {
        defer { execute = nil; reject = nil }
        return reject
    }
}
