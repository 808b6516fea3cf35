import Foundation

/// The FIFO queue a `WorkerPool`'s threads take closures from.
///
/// `@unchecked Sendable`: every stored property is touched only while `condition` is locked.
final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [WorkItem] = []
    private var running = 0
    private var stopping = false
    private let limit: Int?

    init(limit: Int?) {
        self.limit = limit
    }

    var counts: (waiting: Int, running: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (waiting.count, running)
    }

    /// Queues `item`, or rejects it at once when its caller is already cancelled, the queue is full or
    /// the pool is stopping.
    func enqueue(_ item: WorkItem, poolName: String) {
        condition.lock()
        var refusal: (any Error)?
        if item.isCancelled {
            refusal = CancellationError()
        } else if stopping {
            refusal = WorkerPoolError.shutDown(pool: poolName)
        } else if let limit, waiting.count >= limit {
            refusal = WorkerPoolError.queueFull(pool: poolName, limit: limit)
        }
        if let refusal {
            item.state = .finished
            let reject = item.takeReject()
            condition.unlock()
            reject?(refusal)
            return
        }
        item.state = .waiting
        waiting.append(item)
        condition.signal()
        condition.unlock()
    }

    /// Marks `item` cancelled; takes it out of the queue (its call throws `CancellationError`) when it
    /// has not started.
    func cancel(_ item: WorkItem) {
        item.markCancelled()
        condition.lock()
        guard item.state == .waiting, let index = waiting.firstIndex(where: { $0 === item }) else {
            condition.unlock()
            return
        }
        waiting.remove(at: index)
        item.state = .finished
        let reject = item.takeReject()
        condition.unlock()
        reject?(CancellationError())
    }

    /// Blocks until an item is waiting and takes it, or returns nil once the queue is stopping and empty.
    func next(finished previous: WorkItem?) -> (item: WorkItem, execute: () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        if let previous {
            previous.state = .finished
            running -= 1
        }
        while true {
            if !waiting.isEmpty {
                let item = waiting.removeFirst()
                item.state = .running
                running += 1
                guard let execute = item.takeExecute() else {
                    item.state = .finished
                    running -= 1
                    continue
                }
                return (item, execute)
            }
            if stopping { return nil }
            condition.wait()
        }
    }

    /// Lets the threads end once the queue is empty (the closures already queued still run).
    func shutDown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }
}
