import Foundation
import MarksCore
import MarksJobs

extension LinkChecker {
    /// The job kind that checks the library's links.
    public static let jobKind = "links.check"
    /// Links one run checks at most; a run that leaves more queues the next one (resumable, bounded).
    public static let linksPerRun = 200

    /// The job's payload: check every bookmark now (`marks check-links --all`), or only what is due.
    struct Payload: Codable {
        var all: Bool
    }

    /// The coalesced job for what is due; serve queues it at start, and each run queues the next (sooner when more
    /// are due, else when the oldest check falls due).
    public static let sweepJob = JobRequest(kind: jobKind, key: "due", payload: "{\"all\":false}")

    /// The job that checks every bookmark again.
    public static let checkAllJob = JobRequest(kind: jobKind, key: "all", payload: "{\"all\":true}", maxAttempts: 1)

    /// What a foreground run (`marks check-links`) hears from the job: progress after each link and a way to stop.
    public struct JobHooks: Sendable {
        public var progress: @Sendable (_ done: Int, _ total: Int, _ check: LinkCheck) -> Void
        public var shouldStop: @Sendable () -> Bool
        /// Hears the run's results when it ends.
        public var finished: @Sendable ([LinkCheck]) -> Void

        /// Hooks; the defaults do nothing.
        public init(progress: @escaping @Sendable (Int, Int, LinkCheck) -> Void = { _, _, _ in },
                    shouldStop: @escaping @Sendable () -> Bool = { false }, finished: @escaping @Sendable ([LinkCheck]) -> Void = { _ in }) {
            self.progress = progress
            self.shouldStop = shouldStop
            self.finished = finished
        }
    }

    /// The `links.check` kind: checks the due links among `urls()` (the library's bookmarks), at most `limit` a run,
    /// and through `enqueue` queues the next run (nil: a foreground run checks them all and queues nothing). With
    /// fetching off it finishes at once, saying so.
    public func jobKind(urls: @escaping @Sendable () throws -> [String], limit: Int = LinkChecker.linksPerRun,
                        enqueue: (@Sendable (JobRequest) async throws -> Void)? = nil, hooks: JobHooks = JobHooks()) -> JobKind {
        JobKind(Self.jobKind, retry: .job(maxAttempts: 3, baseDelay: .seconds(300))) { [self] context in
            let payload = try context.payload(as: Payload.self)
            guard fetchingEnabled else {
                hooks.finished([])
                context.report(JobProgress(fraction: 1, text: "page fetching is off (MARKS_FETCH_PAGES=0): no link checked"))
                return
            }
            let (batch, moreDue) = try { () throws -> ([String], Bool) in
                let due = try due(among: try urls(), all: payload.all, limit: enqueue == nil ? .max : limit + 1)
                let batch = enqueue == nil ? due : Array(due.prefix(limit))
                return (batch, due.count > batch.count)
            }()
            context.report(JobProgress(done: 0, total: batch.count, text: "0 of \(batch.count) links checked"))
            let results = try await check(batch, shouldStop: hooks.shouldStop) { done, total, check in
                hooks.progress(done, total, check)
                context.report(JobProgress(done: done, total: total, text: "\(done) of \(total) links checked"))
            }
            try context.checkCancellation()
            if let enqueue, !hooks.shouldStop() {
                var next = Self.sweepJob
                if !moreDue {
                    // At the oldest check's turn, but not sooner than an hour: a check kept for a bookmark since
                    // deleted is never due among the library's URLs, so it must not make the runs spin.
                    let soonest = now().addingTimeInterval(3600)
                    next.runAfter = max(try nextDue() ?? now().addingTimeInterval(Self.recheckAfter), soonest)
                }
                try await enqueue(next)
            }
            hooks.finished(results)
        }
    }
}
