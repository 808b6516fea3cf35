import Foundation

/// What a handler gets for one run of a job: the job (payload, attempt), progress reporting, the clock, and
/// cancellation (`stop()` cancels the handler's task; a cancelled job goes back to the queue, uncounted).
public struct JobContext: Sendable {
    /// The job as claimed (its `attempts` includes this run).
    public let job: Job
    /// The runner's clock.
    public let clock: JobClock
    let reportProgress: @Sendable (JobProgress) -> Void

    /// A context for `job` (the runner makes these; tests of a handler may too).
    public init(job: Job, clock: JobClock, reportProgress: @escaping @Sendable (JobProgress) -> Void = { _ in }) {
        self.job = job
        self.clock = clock
        self.reportProgress = reportProgress
    }

    /// The JSON payload decoded as `T`.
    public func payload<T: Decodable>(as type: T.Type) throws -> T {
        try job.payload(as: type)
    }

    /// Stores how far the job is (shown by `marks jobs` and the web app); also refreshes the heartbeat.
    public func report(_ progress: JobProgress) {
        reportProgress(progress)
    }

    /// True once the runner is stopping this job.
    public var isCancelled: Bool { Task.isCancelled }

    /// Throws `CancellationError` once the runner is stopping this job.
    public func checkCancellation() throws {
        try Task.checkCancellation()
    }

    /// An error to throw to put the job back until `until` without counting the attempt (see `JobPostponed`).
    public func postpone(until: Date, reason: String) -> JobPostponed {
        JobPostponed(until: until, reason: reason)
    }
}
