import SystemSupport

/// A registered kind of job: its handler, how many of its jobs one process runs at once, how failures are
/// retried, and (for periodic kinds) how long after a run the next one is queued.
public struct JobKind: Sendable {
    /// What runs one job.
    public typealias Handler = @Sendable (JobContext) async throws -> Void

    /// The name stored in `jobs.kind`.
    public let name: String
    /// Jobs of this kind one process runs at the same time (at least 1).
    public let concurrency: Int
    /// Attempts and backoff.
    public let retry: RetryPolicy
    /// When set, finishing a job (done or dead-lettered) queues the same job again this long after.
    public let repeatEvery: Duration?
    let handler: Handler

    /// A kind named `name` run by `handler`.
    public init(_ name: String, concurrency: Int = 1, retry: RetryPolicy = .job(), repeatEvery: Duration? = nil,
                handler: @escaping Handler) {
        self.name = name
        self.concurrency = max(1, concurrency)
        self.retry = retry
        self.repeatEvery = repeatEvery
        self.handler = handler
    }
}
