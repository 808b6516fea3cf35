import Foundation
import MarksJobs

/// How a library over a source without its own trash (a linkding server) sends deletes: not at once, but by a
/// `linkding.delete` job that runs when the undo window closes (retried with the runner's backoff while the server
/// is down). Without it (a CLI command, no runner) a delete is sent at once and the trash keeps the bookmark so a
/// restore can create it again.
public struct DeferredDeletes: Sendable {
    /// How long after a delete the job sends it; an undo before then sends nothing.
    public var window: TimeInterval
    /// Queues a job (the runner's `enqueue`, which wakes its loop).
    public var enqueue: @Sendable (JobRequest) async throws -> Void
    /// Drops the queued job of a kind and key (an undo in the window).
    public var cancel: @Sendable (_ kind: String, _ key: String) async throws -> Void

    /// Deferred deletes through a runner's closures.
    public init(window: TimeInterval, enqueue: @escaping @Sendable (JobRequest) async throws -> Void,
                cancel: @escaping @Sendable (_ kind: String, _ key: String) async throws -> Void) {
        self.window = window
        self.enqueue = enqueue
        self.cancel = cancel
    }

    /// Deferred deletes through `runner` (its store drops a cancelled job).
    public static func through(_ runner: JobRunner, window: TimeInterval) -> DeferredDeletes {
        DeferredDeletes(window: window, enqueue: { _ = try await runner.enqueue($0) },
                        cancel: { kind, key in try runner.store.cancelQueued(kind: kind, key: key) })
    }
}
