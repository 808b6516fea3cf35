import Foundation
import MarksJobs
import SystemSupport

extension EnrichmentService {
    /// The job kinds enrichment runs as.
    public enum JobKinds {
        /// One bookmark after it was added (key: its id).
        public static let enrich = "enrich"
        /// Enrich All: every bookmark without a summary (key: "all"), with progress.
        public static let enrichAll = "enrich.all"
        /// The quiet periodic pass over a few bookmarks without a summary (key: "background").
        public static let backgroundPass = "enrich.background"
        /// An offline summary made again after the page's text was archived (key: source and URL; `resummarize`).
        public static let resummarize = "enrich.resummarize"
    }

    /// The payload of an `enrich` job.
    public struct EnrichJobPayload: Codable, Sendable, Equatable {
        /// The bookmark's id.
        public var id: Int
        /// The identity of the source the bookmark is in: after Settings switched sources, the job still enriches
        /// that source's bookmark, not the new source's bookmark with the same id. Nil: the current source.
        public var source: String?

        /// The payload for bookmark `id` of `source`.
        public init(id: Int, source: String? = nil) {
            self.id = id
            self.source = source
        }
    }

    /// How enrich and Enrich All jobs retry (set on the request too, so a job queued by a process that does not
    /// run the kind, such as `marks share`, gets the same attempts).
    static let retry = RetryPolicy.job(maxAttempts: 3, baseDelay: .seconds(60))

    /// The job that enriches bookmark `id` of `source` (coalesced per bookmark; the key names the source, so two
    /// sources' bookmark 7 never coalesce).
    public static func enrichJob(id: Int, source: String? = nil) throws -> JobRequest {
        try JobRequest(kind: JobKinds.enrich, key: source.map { $0 + "#" + String(id) } ?? String(id),
                       payload: EnrichJobPayload(id: id, source: source), maxAttempts: retry.maxAttempts)
    }

    /// The Enrich All job (one at a time: enqueueing it again while it waits coalesces).
    public static let enrichAllJob = JobRequest(kind: JobKinds.enrichAll, key: "all", maxAttempts: retry.maxAttempts)

    /// The first run of the quiet pass; the kind queues the next ones itself.
    public static let backgroundPassJob = JobRequest(kind: JobKinds.backgroundPass, key: "background", maxAttempts: 1)

    /// The kinds this service runs: `enrich`, `enrich.all`, `enrich.resummarize`, and the quiet pass over `backgroundLimit` bookmarks
    /// every `backgroundEvery`; `hooks` lets a command running a job in the foreground see what it does.
    public func jobKinds(backgroundEvery: Duration = .seconds(600), backgroundLimit: Int = 5,
                         hooks: EnrichmentJobHooks = EnrichmentJobHooks()) -> [JobKind] {
        Self.jobKinds(backgroundEvery: backgroundEvery, backgroundLimit: backgroundLimit, hooks: hooks) { [self] source in
            source == nil || source == library.source.identity ? self : nil
        }
    }

    /// The kinds for a process whose source can change (Settings switching it in `marks serve`): `resolve` gives the
    /// service over the source with an identity (nil: the current one). An `enrich` job runs on the source it was
    /// queued for; one whose source this process no longer knows (queued before a restart on another source) is
    /// done without enriching, saying so. Enrich All and the quiet pass run on the source current when they start.
    public static func jobKinds(backgroundEvery: Duration = .seconds(600), backgroundLimit: Int = 5,
                                hooks: EnrichmentJobHooks = EnrichmentJobHooks(),
                                resolve: @escaping @Sendable (_ source: String?) -> EnrichmentService?) -> [JobKind] {
        [
            JobKind(JobKinds.enrich, concurrency: 2, retry: retry) { context in
                let payload = try context.payload(as: EnrichJobPayload.self)
                guard let service = resolve(payload.source) else {
                    context.report(JobProgress(fraction: 1, text: "skipped: queued for \(payload.source ?? "a source") that is no longer in use"))
                    return
                }
                let outcome = try await service.enrich(id: payload.id)
                context.report(JobProgress(fraction: 1, text: "summary by \(outcome.engine)"))
                hooks.outcome(context.job.id, outcome)
            },
            JobKind(JobKinds.enrichAll, retry: retry) { context in
                guard let service = resolve(nil) else { return }
                let report = try await service.enrichAll(progress: { progress in
                    hooks.progress(progress)
                    let current = progress.current.isEmpty ? "" : ": " + progress.current
                    context.report(JobProgress(done: progress.done, total: progress.total,
                                               text: "\(progress.done) of \(progress.total)\(current)"))
                }, shouldStop: hooks.shouldStop)
                hooks.report(report)
                try context.checkCancellation()  // the runner stopped: back to the queue, and the next start carries on
                context.report(JobProgress(fraction: 1, text: Self.summary(report)))  // done, also when asked to stop
            },
            JobKind(JobKinds.resummarize, retry: retry) { context in
                let payload = try context.payload(as: ResummarizePayload.self)
                guard let service = resolve(payload.source) else {
                    context.report(JobProgress(fraction: 1, text: "skipped: queued for \(payload.source ?? "a source") that is no longer in use"))
                    return
                }
                let remade = try await service.resummarize(payload)
                context.report(JobProgress(fraction: 1, text: "summaries made again: \(remade)"))
            },
            JobKind(JobKinds.backgroundPass, retry: .job(maxAttempts: 1), repeatEvery: backgroundEvery) { context in
                guard let service = resolve(nil) else { return }
                let enriched = await service.backgroundPass(limit: backgroundLimit)
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
