import Synchronization
import SystemSupport

/// A database's own threads, made on first use: one writer thread (so writes queue in order instead of
/// blocking threads on the writer's lock) and as many reader threads as the database has read connections.
/// Async code reaches SQLite only through them, never from Swift's cooperative pool.
final class DatabaseExecutors: Sendable {
    private let readerCount: Int
    private let pools = Mutex<(readers: WorkerPool?, writer: WorkerPool?)>((nil, nil))

    init(readerCount: Int) {
        self.readerCount = readerCount
    }

    /// The reader threads.
    var readers: WorkerPool {
        pools.withLock { pools in
            if let readers = pools.readers { return readers }
            let made = WorkerPool(name: "sqlite-read", threads: readerCount)
            pools.readers = made
            return made
        }
    }

    /// The writer thread.
    var writer: WorkerPool {
        pools.withLock { pools in
            if let writer = pools.writer { return writer }
            let made = WorkerPool(name: "sqlite-write", threads: 1)
            pools.writer = made
            return made
        }
    }
}
