import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Listens on channels over a connection of its own, on a thread of its own, and calls `wake` for every
/// notification — and once after each (re)connect, since notifications sent while no one listened are lost. A
/// wake-up hint, never a source of truth: whoever is woken reads the tables. A broken connection is opened again
/// after `retryDelay`; `stop()` ends the thread within `pollInterval`.
public final class PostgresListener: Sendable {
    private let state = ListenerState()
    private let thread: WorkerPool

    /// Starts listening on `channels` with connections from `connect` (one at a time); `failed` hears why a
    /// connection could not be opened or broke (it is retried).
    public init(channels: [String], connect: @escaping @Sendable () throws -> PostgresConnection,
                pollInterval: Duration = .milliseconds(500), retryDelay: Duration = .seconds(2),
                wake: @escaping @Sendable () -> Void, failed: @escaping @Sendable (any Error) -> Void = { _ in }) {
        thread = WorkerPool(name: "postgres-listen", threads: 1)
        let state = state
        thread.submit {
            while !state.isStopped {
                do {
                    let connection = try connect()
                    for channel in channels { try connection.listen(channel) }
                    wake()
                    while !state.isStopped {
                        guard try connection.waitForNotification(timeout: pollInterval) != nil else { continue }
                        while try connection.waitForNotification(timeout: .zero) != nil {}  // one wake-up for a burst
                        wake()
                    }
                } catch {
                    guard !state.isStopped else { return }
                    failed(error)
                    state.pause(retryDelay)
                }
            }
        }
    }

    deinit {
        state.stop()
    }

    /// Stops listening (the thread ends within the poll interval).
    public func stop() {
        state.stop()
    }
}

/// The flag the listening thread checks between waits.
private final class ListenerState: Sendable {
    private let stopped = Atomic(false)

    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// Sleeps `duration` in short steps, returning early once stopped.
    func pause(_ duration: Duration) {
        var left = duration
        let step = Duration.milliseconds(100)
        while left > .zero && !isStopped {
            let slice = min(step, left)
            let (seconds, attoseconds) = slice.components
            usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            left -= slice
        }
    }
}
