import Foundation
import MarksCore
import MarksJobs

extension PodcastRequests {
    /// The `podcast.request` kind: hands the job's request to `consumer` (the generation manager in `marks serve`),
    /// one at a time. A failure is retried with the kind's backoff and dead-letters the request after its last attempt.
    public func jobKind(consumer: any PodcastRequestConsumer) -> JobKind {
        JobKind(Self.jobKindName, retry: Self.retry) { context in
            let request = try context.payload(as: PodcastRequest.self)
            try await consumer.consume(request)
            context.report(JobProgress(fraction: 1, text: "handed over: " + (request.title.isEmpty ? request.url : request.title)))
        }
    }

    /// Hands every due request to `consumer` now, oldest first, each exactly once (a job another process runs is
    /// skipped): `marks podcast drain`. Jobs a killed process left running are taken back first.
    public func drain(into consumer: any PodcastRequestConsumer) async throws -> PodcastDrainReport {
        await jobs.register(jobKind(consumer: consumer))
        await jobs.recoverAbandoned()
        var report = PodcastDrainReport()
        let now = jobs.clock.now()
        let waiting = try jobs.store.jobs(states: [.queued], kind: Self.jobKindName, limit: 100_000).sorted { $0.id < $1.id }
        for job in waiting {
            guard job.runAfter <= now else {
                report.notDue += 1
                continue
            }
            guard let ended = try await jobs.run(id: job.id) else { continue }
            let request = Self.request(of: ended)
            switch ended.state {
            case .done: report.delivered.append(request)
            case .failed: report.failed.append(request)
            case .queued: report.retrying.append(request)
            case .running: continue
            }
        }
        return report
    }
}
