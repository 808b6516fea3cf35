import Foundation
import MarksJobs

extension PodcastRequestQueue {
    /// The job kind that drains the queue.
    public static let drainJobKind = "podcast.drain"

    /// The first drain; the kind queues the next ones itself.
    public static let drainJob = JobRequest(kind: drainJobKind, key: "podcast_requests", maxAttempts: drainRetry.maxAttempts)

    /// How a failed drain retries (each request has its own backoff inside the queue as well).
    static let drainRetry = JobRetryPolicy(maxAttempts: 3)

    /// The drain as a job kind, run every `every`. With a `consumer` it hands every due request over exactly
    /// once (see `drain(into:)`). Without one — podcast generation is not built yet — it hands nothing out and
    /// completes nothing: the requests stay queued, and the job waits until `recheck` with the reason as its state.
    public func drainKind(consumer: (any PodcastRequestConsumer)?, every: Duration = .seconds(900),
                         recheck: Duration = .seconds(3600)) -> JobKind {
        JobKind(Self.drainJobKind, retry: Self.drainRetry, repeatEvery: every) { context in
            guard let consumer else {
                let waiting = try self.list().pending.count
                guard waiting > 0 else {
                    context.report(JobProgress(fraction: 1, text: "no podcast requests waiting"))
                    return
                }
                let seconds = Double(recheck.components.seconds)
                throw context.postpone(
                    until: context.clock.now().addingTimeInterval(seconds),
                    reason: "\(waiting) podcast request\(waiting == 1 ? "" : "s") waiting: nothing generates podcasts yet, so they stay queued")
            }
            _ = try self.recoverAbandonedClaims()
            let report = try await self.drain(into: AnyConsumer(consumer))
            var text = "delivered \(report.delivered.count)"
            if !report.retrying.isEmpty { text += ", \(report.retrying.count) to retry" }
            if !report.failed.isEmpty { text += ", \(report.failed.count) failed" }
            if report.notDue > 0 { text += ", \(report.notDue) not due yet" }
            context.report(JobProgress(fraction: 1, text: text))
        }
    }
}

/// An existential consumer passed where the drain takes `some PodcastRequestConsumer`.
private struct AnyConsumer: PodcastRequestConsumer {
    let base: any PodcastRequestConsumer

    init(_ base: any PodcastRequestConsumer) {
        self.base = base
    }

    func consume(_ request: PodcastRequest) async throws {
        try await base.consume(request)
    }
}
