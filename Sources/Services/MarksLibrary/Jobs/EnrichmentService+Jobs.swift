import Foundation
import MarksJobs

extension EnrichmentService {
    /// The job kinds enrichment runs as.
    public enum JobKinds {
        /// One bookmark after it was added (key: its id).
        public static let enrich = "enrich"
        /// Enrich All: every bookmark without a summary (key: "all"), with progress.
        public static let enrichAll = "enrich.all"
        /// The quiet periodic pass over a few bookmarks without a summary (key: "background").
        public static let backgroundPass = "enrich.background"
    }

    /// The payload of an `enrich` job.
    public struct EnrichJobPayload: Codable, Sendable, Equatable {
        /// The bookmark's id.
        public var id: Int

        /// The payload for bookmark `id`.
        public init(id: Int) { self.id = id }
    }

    /// How enrich and Enrich All jobs retry (set on the request too, so a job queued by a process that does not
    /// run the kind, such as `marks share`, gets the same attempts).
    static let retry = JobRetryPolicy(maxAttempts: 3, baseDelay: .seconds(60))

    /// The job that enriches bookmark `id` (coalesced per bookmark).
    public static func enrichJob(id: Int) throws -> JobRequest {
        try JobRequest(kind: JobKinds.enrich, key: String(id), payload: EnrichJobPayload(id: id), maxAttempts: retry.maxAttempts)
    }

    /// The Enrich All job (one at a time: enqueueing it again while it waits coalesces).
    public static let enrichAllJob = JobRequest(kind: JobKinds.enrichAll, key: "all", maxAttempts: retry.maxAttempts)

    /// The first run of the quiet pass; the kind queues the next ones itself.
    public static let backgroundPassJob = JobRequest(kind: JobKinds.backgroundPass, key: "background", maxAttempts: 1)

    /// The kinds this service runs: `enrich`, `enrich.all`, and the quiet pass over `backgroundLimit` bookmarks
    /// every `backgroundEvery`; `hooks` lets a command running a job in the foreground see what it does.
    public func jobKinds(backgroundEvery: Duration = .seconds(600), backgroundLimit: Int = 5,
                         hooks: EnrichmentJobHooks = EnrichmentJobHooks()) -> [JobKind] {
        [
            JobKind(JobKinds.enrich, concurrency: 2, retry: Self.retry) { context in
                let payload = try context.payload(as: EnrichJobPayload.self)
                let outcome = try await self.enrich(id: payload.id)
                context.report(JobProgress(fraction: 1, text: "summary by \(outcome.engine)"))
                hooks.outcome(context.job.id, outcome)
            },
            JobKind(JobKinds.enrichAll, retry: Self.retry) { context in
                let report = try await self.enrichAll(progress: { progress in
                    hooks.progress(progress)
                    let current = progress.current.isEmpty ? "" : ": " + progress.current
                    context.report(JobProgress(done: progress.done, total: progress.total,
                                               text: "\(progress.done) of \(progress.total)\(current)"))
                }, shouldStop: hooks.shouldStop)
                hooks.report(report)
                try context.checkCancellation()  // the runner stopped: back to the queue, and the next start carries on
                context.report(JobProgress(fraction: 1, text: Self.summary(report)))  // done, also when asked to stop
            },
            JobKind(JobKinds.backgroundPass, retry: JobRetryPolicy(maxAttempts: 1), repeatEvery: backgroundEvery) { context in
                let enriched = await self.backgroundPass(limit: backgroundLimit)
                context.report(JobProgress(fraction: 1, text: "enriched \(enriched)"))
            },
        ]
    }

    /// "Enriched 12 (3 failed); 40 already had a summary."
    static func summary(_ report: EnrichmentReport) -> String {
        var text = "Enriched \(report.enriched)"
        if report.failed > 0 { text += " (\(report.failed) failed)" }
        text += "; \(report.skipped) already had a summary."
        if report.stopped { text += " Stopped with \(report.remaining) left; Enrich all again carries on." }
        if let first = report.errors.first { text += " First failure: \(first)" }
        return text
    }
}
