import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The loop each of a `WorkerPool`'s threads runs: take a closure from the queue, run it, repeat until the
/// queue stops. The worker is kept in a POSIX thread-specific slot (Foundation's `Thread.current` is not
/// reliable for this on Linux), so `WorkerPool.isCancelled` can find the item running on this thread.
///
/// `@unchecked Sendable`: `current` is written and read only on the one thread that runs `main`.
final class WorkerThread: @unchecked Sendable {
    /// The thread-specific slot holding the (unretained) worker of the current thread; the worker is kept
    /// alive by its thread's closure for as long as the slot is set.
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private let queue: WorkQueue
    private(set) var current: WorkItem?

    /// Starts a thread named `name` that serves `queue`, at `niceness` (0 = normal; higher yields the cores to
    /// normal threads when both want them).
    static func start(name: String, stackSize: Int, niceness: Int32, queue: WorkQueue) {
        let worker = WorkerThread(queue: queue)
        let thread = Thread {
            if niceness != 0 {
                // On Linux the nice value belongs to the thread: `who` 0 is the calling thread only. A failure
                // (a sandbox refusing it) leaves the thread at normal priority, which is still correct.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
            }
            worker.main()
        }
        thread.name = name
        thread.stackSize = stackSize
        thread.start()
    }

    /// The worker whose thread this is, or nil on any other thread.
    static var onThisThread: WorkerThread? {
        guard let raw = pthread_getspecific(slot) else { return nil }
        return Unmanaged<WorkerThread>.fromOpaque(raw).takeUnretainedValue()
    }

    private init(queue: WorkQueue) {
        self.queue = queue
    }

    private func main() {
        pthread_setspecific(Self.slot, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.slot, nil) }
        var previous: WorkItem?
        while let (item, execute) = queue.next(finished: previous) {
            current = item
            execute()
            current = nil
            previous = item
        }
    }
}
