import Foundation

/// The loop each of a `WorkerPool`'s threads runs: take a closure from the queue, run it, repeat until the
/// queue stops. The item running now is kept in the thread's dictionary, so `WorkerPool.isCancelled` can find it.
///
/// `@unchecked Sendable`: `current` is written and read only on the one thread that runs `main`.
final class WorkerThread: @unchecked Sendable {
    static let key = "SystemSupport.WorkerThread"

    private let queue: WorkQueue
    private(set) var current: WorkItem?

    /// Starts a thread named `name` that serves `queue`.
    static func start(name: String, stackSize: Int, queue: WorkQueue) {
        let worker = WorkerThread(queue: queue)
        let thread = Thread {
            Thread.current.name = name // set from the thread itself, so the system's thread name is set too
            worker.main()
        }
        thread.stackSize = stackSize
        thread.start()
    }

    /// The worker whose thread this is, or nil on any other thread.
    static var onThisThread: WorkerThread? {
        Thread.current.threadDictionary[key] as? WorkerThread
    }

    private init(queue: WorkQueue) {
        self.queue = queue
    }

    private func main() {
        Thread.current.threadDictionary[Self.key] = self
        var previous: WorkItem?
        while let (item, execute) = queue.next(finished: previous) {
            current = item
            execute()
            current = nil
            previous = item
        }
        Thread.current.threadDictionary.removeObject(forKey: Self.key)
    }
}
