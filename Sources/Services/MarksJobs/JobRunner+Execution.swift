import Foundation
import SystemSupport

extension JobRunner {
    /// How one run of a handler ended.
    enum Outcome: Sendable {
        case succeeded
        case postponed(JobPostponed)
        case cancelled
        case failed(String)
    }

    /// Claims and starts the jobs due at `now` of every registered kind, up to each kind's bound.
    /// A read first says which kinds have a due job, so a look that finds nothing writes nothing.
    func launchDue(at now: Date) {
        guard !stopping else { return }
        let due: Set<String>
        do {
            due = try store.dueKinds(Array(kinds.keys), at: now)
        } catch {
            log("jobs: cannot read the due jobs: \(error)")
            return
        }
        for kind in kinds.values.sorted(by: { $0.name < $1.name }) where due.contains(kind.name) {
            while runningCount(kind.name) < kind.concurrency {
                let job: Job?
                do {
                    job = try store.claim(kind: kind.name, owner: owner, now: now)
                } catch {
                    log("jobs: cannot claim a \(kind.name) job: \(error)")
                    break
                }
                guard let job else { break }
                launch(job, kind)
            }
        }
    }

    /// Runs the claimed `job` in its own task with a heartbeat beside it; records the outcome when it ends. When the
    /// heartbeat finds the claim lost (the job was taken back after its heartbeat went stale), the handler is
    /// cancelled: another worker runs the job now, and this run's end will not be recorded.
    @discardableResult
    func launch(_ job: Job, _ kind: JobKind) -> Task<Void, Never> {
        let store = store, clock = clock, log = log, interval = settings.heartbeatInterval.inSeconds
        let claim = job.claim
        let context = JobContext(job: job, clock: clock) { progress in
            do {
                try store.progress(claim, progress, now: clock.now())
            } catch {
                log("jobs: progress of job \(job.id) not stored: \(error)")
            }
        }
        // Detached, so neither the handler nor its heartbeat's table writes run on the runner's actor.
        let task = Task.detached(executorPreference: executor) { [executor] in
            let work = Task(executorPreference: executor) { try await kind.handler(context) }
            let heartbeat = Task.detached(executorPreference: executor) {
                while !Task.isCancelled {
                    do {
                        try await clock.sleep(clock.now().addingTimeInterval(interval))
                        try store.heartbeat(claim, now: clock.now())
                    } catch is CancellationError {
                        return
                    } catch JobError.leaseLost {
                        log("jobs: \(claim) was taken back from this worker (its heartbeat went stale); its handler is cancelled")
                        work.cancel()
                        return
                    } catch {
                        log("jobs: heartbeat of job \(job.id) not stored: \(error)")
                    }
                }
            }
            let result = await withTaskCancellationHandler { await work.result } onCancel: { work.cancel() }
            let outcome: Outcome
            switch result {
            case .success:
                outcome = .succeeded
            case .failure(let postponed as JobPostponed):
                outcome = .postponed(postponed)
            case .failure(let error):
                outcome = Task.isCancelled || work.isCancelled ? .cancelled : .failed(Self.describe(error))
            }
            heartbeat.cancel()
            await self.finish(job, kind, outcome)
        }
        running[job.id] = task
        runningKinds[job.id] = job.kind
        return task
    }

    /// Records how a run ended: done (and the next run of a periodic kind queued), back in the queue (postponed,
    /// cancelled by stop, or a failure with attempts left, after its backoff), or dead-lettered.
    func finish(_ job: Job, _ kind: JobKind, _ outcome: Outcome) {
        running[job.id] = nil
        runningKinds[job.id] = nil
        defer { bump() }
        let now = clock.now()
        var ended = false
        do {
            switch outcome {
            case .succeeded:
                try store.complete(job.claim, now: now)
                ended = true
            case .postponed(let postponed):
                try store.requeue(job.claim, runAfter: postponed.until, note: postponed.reason, countAttempt: false, now: now)
            case .cancelled:
                try store.requeue(job.claim, runAfter: now, note: nil, countAttempt: false, now: now)
            case .failed(let message):
                if job.attempts >= job.maxAttempts {
                    try store.fail(job.claim, error: message, now: now)
                    log("jobs: job \(job.id) (\(job.kind) \(job.key)) failed after \(job.attempts) attempts: \(message)")
                    ended = true
                } else {
                    let delay = kind.retry.delay(afterAttempts: job.attempts, random: random())
                    try store.requeue(job.claim, runAfter: now.addingTimeInterval(delay), note: message, countAttempt: true, now: now)
                }
            }
            if ended, let every = kind.repeatEvery {
                try store.enqueue(JobRequest(kind: job.kind, key: job.key, payload: job.payload,
                                             runAfter: now.addingTimeInterval(every.inSeconds)),
                                  maxAttempts: kind.retry.maxAttempts, now: now)
            }
        } catch JobError.leaseLost(let claim) {
            log("jobs: the end of \(claim) (\(job.kind)) was not recorded: another worker took the job back after this one's heartbeat went stale")
        } catch {
            log("jobs: the end of job \(job.id) (\(job.kind)) was not recorded: \(error); it will be found stale and run again")
        }
    }

    /// An error as a line for the jobs table.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.isEmpty ? "\(type(of: error))" : text
    }
}
