import Foundation

/// The durable jobs table, wherever it is kept: `JobStore` in the local SQLite file (several processes of one
/// machine), `PostgresJobStore` in a database any number of workers on any number of machines share. Both keep the
/// same rules, checked by one contract suite:
///
/// - at most one *queued* job per kind and key (enqueueing again coalesces into it: the earlier run-after, the newer
///   payload, the higher priority), and two jobs of one kind and key never run at once;
/// - a claim takes the due queued job of a kind with the highest priority, then the longest waiting; it makes the job
///   `running`, counts an attempt and hands out a new `JobClaim`; no job is claimed twice;
/// - heartbeats, progress, completion, failure and requeueing name their claim and are refused (`JobError.leaseLost`)
///   once the job is no longer held by it, so a job completes exactly once;
/// - a running job whose heartbeat went stale (its worker died) is queued again, or dead-lettered on its last attempt.
///
/// Time is always passed in (`now:`): the runner's clock, so tests move it by hand.
public protocol JobRecords: Sendable {
    /// Adds a queued job, or coalesces into the queued job of the same kind and key. Returns the job and whether it
    /// coalesced.
    @discardableResult
    func enqueue(_ request: JobRequest, maxAttempts: Int, now: Date) throws -> (job: Job, coalesced: Bool)
    /// Claims the due queued job of `kind` to run next, unless a job of the same kind and key is already running;
    /// nil when none is due.
    func claim(kind: String, owner: String, now: Date) throws -> Job?
    /// Claims the job `id` if it is still queued (whatever its run-after), so a command can run the job it just
    /// enqueued; nil when it is running elsewhere, finished, or gone.
    func claim(id: Int64, owner: String, now: Date) throws -> Job?

    /// Refreshes a running job's heartbeat.
    func heartbeat(_ claim: JobClaim, now: Date) throws
    /// Stores a running job's progress (and refreshes its heartbeat).
    func progress(_ claim: JobClaim, _ progress: JobProgress, now: Date) throws
    /// Marks a running job done.
    func complete(_ claim: JobClaim, now: Date) throws
    /// Dead-letters a running job (`failed`) with its last error.
    func fail(_ claim: JobClaim, error: String, now: Date) throws
    /// Puts a running job back in the queue until `runAfter`, with `note` as its last error (nil keeps it) and, when
    /// `countAttempt` is false, its attempt uncounted. When another job of the same kind and key was queued
    /// meanwhile, the two merge: that one stays, at the earlier run-after.
    func requeue(_ claim: JobClaim, runAfter: Date, note: String?, countAttempt: Bool, now: Date) throws
    /// Finds running jobs whose worker died — heartbeat older than `cutoff`, or an owner `ownerIsGone` says no longer
    /// exists — and queues each again, or dead-letters it on its last attempt; `own` (the caller's running jobs) are
    /// left alone. Returns the jobs as they were found.
    @discardableResult
    func recoverStale(heartbeatBefore cutoff: Date, excluding own: Set<Int64>, ownerIsGone: (String) -> Bool, now: Date) throws -> [Job]
    /// Deletes done jobs that finished before `cutoff`; returns how many.
    @discardableResult
    func prune(finishedBefore cutoff: Date) throws -> Int

    /// The job with `id`, or nil.
    func job(id: Int64) throws -> Job?
    /// Jobs in `states` (all when empty), optionally of one kind and key, newest first, at most `limit` (callers use
    /// `jobs(states:kind:key:limit:)`, which has defaults).
    func listJobs(states: [JobState], kind: String?, key: String?, limit: Int) throws -> [Job]
    /// The kinds among `kinds` with a queued job due at `now`.
    func dueKinds(_ kinds: [String], at now: Date) throws -> Set<String>
    /// The earliest run-after later than `after` among queued jobs of `kinds`, or nil.
    func nextRunAfter(kinds: [String], after: Date) throws -> Date?
    /// Queues a dead-lettered job again with its attempts reset; throws when it is not `failed`.
    @discardableResult
    func retryFailed(id: Int64, now: Date) throws -> Job
    /// Deletes every dead-lettered job; returns how many.
    @discardableResult
    func clearFailed() throws -> Int
    /// Drops the queued job of `kind` and `key`, if there is one (a running one finishes); returns how many.
    @discardableResult
    func cancelQueued(kind: String, key: String) throws -> Int

    /// Calls `wake` when another process may have changed the table (a hint: the caller reads the table to see);
    /// nil when the store has no way to hear of that, and the caller's polling is all there is.
    func watchChanges(_ wake: @escaping @Sendable () -> Void) -> JobWatch?
}

extension JobRecords {
    /// Jobs in `states` (all when empty), optionally of one kind and key, newest first, at most `limit`.
    public func jobs(states: [JobState] = [], kind: String? = nil, key: String? = nil, limit: Int = 500) throws -> [Job] {
        try listJobs(states: states, kind: kind, key: key, limit: limit)
    }

    /// `recoverStale` with nothing of the caller's running and no owner judged gone.
    @discardableResult
    public func recoverStale(heartbeatBefore cutoff: Date, now: Date) throws -> [Job] {
        try recoverStale(heartbeatBefore: cutoff, excluding: [], ownerIsGone: { _ in false }, now: now)
    }

    /// `recoverStale` with nothing of the caller's running.
    @discardableResult
    public func recoverStale(heartbeatBefore cutoff: Date, ownerIsGone: (String) -> Bool, now: Date) throws -> [Job] {
        try recoverStale(heartbeatBefore: cutoff, excluding: [], ownerIsGone: ownerIsGone, now: now)
    }

    /// The reason a stale job gives when it is queued again or dead-lettered.
    static func staleReason(_ job: Job, cutoff: Date, silent: Bool) -> String {
        silent ? "the process running it stopped (no heartbeat since \(ISO8601DateFormatter().string(from: job.heartbeatAt ?? cutoff)))"
            : "the process running it (\(job.owner ?? "?")) is gone"
    }

    /// Takes back the jobs among `running` whose heartbeat is older than `cutoff` or whose owner is gone (not those in
    /// `own`): each is queued again — one whose owner is gone without counting the attempt — or, when silent with its
    /// attempts spent, dead-lettered. Returns the jobs taken back; one
    /// that ended, or that another worker took back, since `running` was read is skipped.
    func takeBack(_ running: [Job], cutoff: Date, excluding own: Set<Int64>, ownerIsGone: (String) -> Bool,
                  now: Date) throws -> [Job] {
        var recovered: [Job] = []
        for job in running where !own.contains(job.id) {
            let silent = job.heartbeatAt.map { $0 < cutoff } == true
            guard silent || job.owner.map(ownerIsGone) == true else { continue }
            let reason = Self.staleReason(job, cutoff: cutoff, silent: silent)
            // A job whose process is gone (killed, crashed, the machine restarted) did not fail: its attempt is not
            // counted, so it resumes however often that happens (issue 35: three kills left an episode "failed"). One
            // whose process is there but silent is counted, as a failure.
            let crashed = !silent
            do {
                if !crashed, job.attempts >= job.maxAttempts {
                    try fail(job.claim, error: reason, now: now)
                } else {
                    try requeue(job.claim, runAfter: now, note: reason, countAttempt: !crashed, now: now)
                }
                recovered.append(job)
            } catch JobError.leaseLost {
                continue
            }
        }
        return recovered
    }
}
