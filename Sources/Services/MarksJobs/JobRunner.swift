import Foundation
import Synchronization
import SystemSupport

/// The one runner for background work: kinds are registered with a handler, jobs are enqueued into the durable
/// `jobs` table, and `start()` runs them — waking on enqueue, at the next run-after, and every `pickUpInterval` for
/// jobs another process enqueued (a read of the table; a claim only when one is due) — with a
/// per-kind bound on how many run at once, a heartbeat while each runs, retries with jittered exponential backoff
/// up to the kind's attempts, then the dead-letter state with the last error. On start, jobs left running by a
/// process that died (stale heartbeat) are queued again. `stop()` cancels running handlers and puts their jobs
/// back in the queue, uncounted. A CLI command can run one job in the foreground with `run(id:)`, or everything
/// due with `runUntilIdle()`, without starting the loop.
public actor JobRunner {
    /// The jobs table (SQLite or PostgreSQL).
    public nonisolated let store: any JobRecords
    /// The runner's time.
    public nonisolated let clock: JobClock
    /// Timings.
    public nonisolated let settings: JobRunnerSettings
    let random: @Sendable () -> Double
    let owner: String
    /// True for a claim's owner that is known to have died (`JobOwner.isGone`): its jobs are queued again at once.
    let ownerIsGone: @Sendable (String) -> Bool
    let log: @Sendable (String) -> Void
    /// Where the loop and the handlers run: the job threads, never the cooperative pool (the table calls are
    /// synchronous SQLite).
    let executor: any TaskExecutor

    var kinds: [String: JobKind] = [:]
    var running: [Int64: Task<Void, Never>] = [:]
    var runningKinds: [Int64: String] = [:]
    var stopping = false
    private var loop: Task<Void, Never>?
    private var generation = 0
    private var changeWaiters: [CheckedContinuation<Void, Never>] = []
    private var lastMaintenance: Date?
    private var watch: JobWatch?

    /// A runner over `store`. `random` gives values in 0..<1 (the backoff's jitter); `owner` names this process in
    /// claimed rows; `ownerIsGone` judges other owners (`JobOwner.isGone` when nil); `log` receives what went wrong
    /// outside a handler (a table write that failed).
    public init(store: any JobRecords, clock: JobClock = .system, settings: JobRunnerSettings = JobRunnerSettings(),
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                owner: String = JobOwner.current, ownerIsGone: (@Sendable (String) -> Bool)? = nil,
                executor: any TaskExecutor = ThreadTaskExecutor.jobs,
                log: @escaping @Sendable (String) -> Void) {
        self.executor = executor
        self.store = store
        self.clock = clock
        self.settings = settings
        self.random = random
        self.owner = owner
        // Resolved here rather than as a default argument: a default argument is compiled into each caller, so a
        // change to the rule would not reach callers built before it.
        self.ownerIsGone = ownerIsGone ?? { JobOwner.isGone($0) }
        self.log = log
    }

    /// Registers (or replaces) the handler of a kind.
    public func register(_ kind: JobKind) {
        kinds[kind.name] = kind
        bump()
    }

    /// The registered kinds' names, sorted.
    public var registeredKinds: [String] { kinds.keys.sorted() }

    /// Enqueues a job (coalescing into a queued one of the same kind and key) and wakes the loop.
    @discardableResult
    public func enqueue(_ request: JobRequest) throws -> Job {
        let attempts = kinds[request.kind]?.retry.maxAttempts ?? RetryPolicy.job().maxAttempts
        let job = try store.enqueue(request, maxAttempts: attempts, now: clock.now()).job
        bump()
        return job
    }

    // MARK: Start and stop

    /// Queues again what a dead process left running, prunes old done jobs, and starts the loop (once). When the
    /// store can hear other processes' changes (PostgreSQL's LISTEN/NOTIFY), they wake the loop too — a hint only:
    /// the loop's own looks at the table stay the source of truth.
    public func start() {
        guard loop == nil else { return }
        stopping = false
        maintain(force: true)
        watch = store.watchChanges { [weak self] in
            guard let self else { return }
            Task(executorPreference: self.executor) { await self.bump() }
        }
        loop = Task(executorPreference: executor) { await self.runLoop() }
    }

    /// Queues again (or dead-letters) what a dead process left running — a stale heartbeat, or an owner that is gone —
    /// so a command about to run a job in the foreground is not refused by the run a kill -9 interrupted.
    public func recoverAbandoned() {
        maintain(force: true)
    }

    /// True while the loop runs.
    public var isStarted: Bool { loop != nil }

    /// Stops the loop and cancels running handlers; each cancelled job goes back to the queue without counting
    /// the attempt. Returns when every handler has ended and its job is recorded, or after the settings' stop
    /// grace when a handler ignores cancellation (that job stays `running` until it ends, or — if the process
    /// exits first — is found stale and resumed on the next start).
    public func stop() async {
        stopping = true
        bump()
        let tasks = Array(running.values)
        for task in tasks { task.cancel() }
        let deadline = clock.now().addingTimeInterval(settings.stopGrace.inSeconds)
        if !(await Self.waitForAll(tasks, clock: clock, until: deadline)) {
            log("jobs: \(running.count) job(s) did not stop within the grace period; they resume after the next start")
        }
        await loop?.value
        loop = nil
        watch?.stop()
        watch = nil
    }

    /// True when every task ended before `deadline`, false when the deadline came first.
    private static func waitForAll(_ tasks: [Task<Void, Never>], clock: JobClock, until deadline: Date) async -> Bool {
        guard !tasks.isEmpty else { return true }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let answered = Atomic<Bool>(false)
            let answer: @Sendable (Bool) -> Void = { value in
                if !answered.exchange(true, ordering: .acquiringAndReleasing) { continuation.resume(returning: value) }
            }
            let sleeper = Task.detached {
                do {
                    try await clock.sleep(deadline)
                } catch {
                    return  // cancelled: every task ended first
                }
                answer(false)
            }
            Task.detached {
                for task in tasks { await task.value }
                sleeper.cancel()
                answer(true)
            }
        }
    }

    /// Each pass claims what is due at one instant and then asks for the next run-after *after that same
    /// instant*: a job falling due while the pass runs (between the claims and the look ahead) is then the next
    /// deadline, already past, and the next pass claims it. (Reading the clock again for the look ahead skipped
    /// such a job until the next maintenance.)
    private func runLoop() async {
        while !stopping {
            let seen = generation
            maintain(force: false)
            let now = clock.now()
            launchDue(at: now)
            await waitForChange(since: seen, deadline: nextDeadline(after: now))
        }
    }

    /// The next moment the loop must look again: the earliest run-after later than `now` of a kind with a free
    /// slot, the next pick-up look (for another process's jobs), or the next maintenance.
    private func nextDeadline(after now: Date) -> Date {
        var deadline = now.addingTimeInterval(settings.maintenanceInterval.inSeconds)
        if let pickUp = settings.pickUpInterval {
            deadline = min(deadline, now.addingTimeInterval(pickUp.inSeconds))
        }
        let free = kinds.values.filter { runningCount($0.name) < $0.concurrency }.map(\.name)
        do {
            if let next = try store.nextRunAfter(kinds: free, after: now), next < deadline { deadline = next }
        } catch {
            log("jobs: cannot read the next run time: \(error)")
        }
        return deadline
    }

    private func maintain(force: Bool) {
        let now = clock.now()
        if !force, let last = lastMaintenance, now.timeIntervalSince(last) < settings.maintenanceInterval.inSeconds {
            return
        }
        lastMaintenance = now
        do {
            let cutoff = now.addingTimeInterval(-settings.staleAfter.inSeconds)
            for job in try store.recoverStale(heartbeatBefore: cutoff, excluding: Set(running.keys), ownerIsGone: ownerIsGone, now: now) {
                log("jobs: job \(job.id) (\(job.kind) \(job.key)) was left running by \(job.owner ?? "a process") that stopped; queued again")
            }
            try store.prune(finishedBefore: now.addingTimeInterval(-settings.keepDone.inSeconds))
        } catch {
            log("jobs: maintenance failed: \(error)")
        }
    }

    // MARK: Foreground runs

    /// Runs every due job of the registered kinds (up to each kind's bound at once) until none is due and none
    /// runs; jobs that retry later stay queued. For commands and tests; the loop need not be started.
    public func runUntilIdle() async {
        while !stopping {
            let seen = generation
            launchDue(at: clock.now())
            if running.isEmpty { return }
            await waitForChange(since: seen, deadline: nil)
        }
    }

    /// Claims the queued job `id` (whatever its run-after, its kind's bound aside) and runs it now; returns it as
    /// it ended (done, queued again for a retry, failed), or nil when it was not queued (running elsewhere, done).
    /// Cancelling the calling task cancels the handler; the job then goes back to the queue, uncounted.
    public func run(id: Int64) async throws -> Job? {
        guard let job = try store.claim(id: id, owner: owner, now: clock.now()) else { return nil }
        guard let kind = kinds[job.kind] else {
            try store.requeue(job.claim, runAfter: clock.now(), note: nil, countAttempt: false, now: clock.now())
            throw JobError.unknownKind(job.kind)
        }
        let task = launch(job, kind)
        // Cancelling the caller cancels the run: the job goes back to the queue, uncounted.
        await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        return try store.job(id: id)
    }

    /// Waits until `condition` holds for the job `id` as stored (checked now and after every change this runner
    /// makes); returns the job (nil when it no longer exists).
    public func wait(for id: Int64, until condition: @Sendable (Job?) -> Bool) async throws -> Job? {
        while true {
            let seen = generation
            let job = try store.job(id: id)
            if condition(job) { return job }
            await waitForChange(since: seen, deadline: nil)
        }
    }

    /// Waits until the job `id` is done or failed (or gone).
    public func waitUntilFinished(_ id: Int64) async throws -> Job? {
        try await wait(for: id) { job in job.map { $0.state == .done || $0.state == .failed } ?? true }
    }

    // MARK: Wake-ups

    /// Tells every waiter that something changed.
    func bump() {
        generation &+= 1
        let waiters = changeWaiters
        changeWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at once when something changed since `seen`, else at the next change or at `deadline`.
    private func waitForChange(since seen: Int, deadline: Date?) async {
        guard generation == seen else { return }
        var timer: Task<Void, Never>?
        if let deadline {
            let clock = clock
            timer = Task {
                do {
                    try await clock.sleep(deadline)
                } catch {
                    return  // cancelled: something else woke the runner first
                }
                self.bump()
            }
        }
        await withCheckedContinuation { continuation in changeWaiters.append(continuation) }
        timer?.cancel()
    }

    func runningCount(_ kind: String) -> Int {
        runningKinds.values.filter { $0 == kind }.count
    }
}
