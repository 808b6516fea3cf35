import Foundation
import Synchronization

/// A fixed number of dedicated threads (not Swift's cooperative pool) that run blocking or CPU-heavy
/// closures in FIFO order. `run` suspends the calling task until its closure is done, so async code can
/// wait for model inference or a synchronous SQLite call without occupying a cooperative thread.
///
/// Cancelling the waiting task removes its closure from the queue when it has not started (the call throws
/// `CancellationError`); a closure already running finishes (it may poll `WorkerPool.isCancelled` and stop
/// early). With a `queueLimit`, a call that finds that many closures waiting throws `WorkerPoolError.queueFull`.
/// The threads end when the pool is released, after the closures already running.
public final class WorkerPool: Sendable {
    /// The pool's name (it also names the threads, as `<name>-<n>`).
    public let name: String
    /// The number of threads.
    public let threadCount: Int
    /// Closures that may wait beyond the running ones; nil for no limit.
    public let queueLimit: Int?
    private let queue: WorkQueue

    /// A pool of `threads` threads (at least one), started now, with `stackSize` bytes of stack each, running at
    /// `niceness` (0: normal; 10 for CPU-heavy work, so request threads get the cores first when both want them).
    public init(name: String, threads: Int, queueLimit: Int? = nil, stackSize: Int = 8 << 20, niceness: Int32 = 0) {
        self.name = name
        self.threadCount = max(1, threads)
        self.queueLimit = queueLimit.map { max(0, $0) }
        queue = WorkQueue(limit: self.queueLimit)
        for number in 1...threadCount {
            WorkerThread.start(name: "\(name)-\(number)", stackSize: stackSize, niceness: niceness, queue: queue)
        }
    }

    deinit {
        queue.shutDown()
    }

    /// Runs `body` on one of the pool's threads and returns (or throws) what it does.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let job = WorkItem()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                job.prepare(
                    execute: {
                        do {
                            continuation.resume(returning: try body())
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    },
                    reject: { continuation.resume(throwing: $0) })
                queue.enqueue(job, poolName: name)
            }
        } onCancel: {
            queue.cancel(job)
        }
    }

    /// Queues `body` without waiting for it (for synchronous code on its own thread that splits work between
    /// itself and the pool); false, without running it, when the queue is full or the pool is stopping.
    @discardableResult
    public func submit(_ body: @escaping @Sendable () -> Void) -> Bool {
        let job = WorkItem()
        let accepted = Atomic(true)
        job.prepare(execute: body, reject: { _ in accepted.store(false, ordering: .relaxed) })
        queue.enqueue(job, poolName: name)
        return accepted.load(ordering: .relaxed)
    }

    /// Closures waiting for a thread.
    public var waitingCount: Int { queue.counts.waiting }

    /// Closures running now.
    public var runningCount: Int { queue.counts.running }

    /// True on a pool thread whose current closure's caller was cancelled; false anywhere else.
    public static var isCancelled: Bool {
        WorkerThread.onThisThread?.current?.isCancelled ?? false
    }

    /// Throws `CancellationError` on a pool thread whose current closure's caller was cancelled (a
    /// checkpoint for long loops); does nothing elsewhere.
    public static func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }
}
