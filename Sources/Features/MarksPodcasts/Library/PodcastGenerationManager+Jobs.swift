import MarksCore
import Foundation
import MarksJobs
import SystemSupport

extension PodcastGenerationManager {
    /// The background generation kind: one look at the episode's job per run; while it is being made the run
    /// postpones itself by `pollInterval` (no attempt counted, no worker held); ready or failed ends the job. A
    /// failure to reach the backend is retried with backoff, and the last one leaves the episode failed with the
    /// reason (never `generating` for ever).
    public func jobKind() -> JobKind {
        JobKind(Self.jobKindName, concurrency: 2, retry: .job(maxAttempts: 5)) { [self] context in
            let key = try context.payload(as: Payload.self).key
            let entry: PodcastEntry
            do {
                entry = try await refresh(key: key, priority: JobPriority.background)
            } catch PodcastIndexError.notFound {
                return  // deleted meanwhile: nothing to follow
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                if !context.isCancelled, context.job.attempts >= context.job.maxAttempts {
                    _ = try index.recordFailure(key: key, error: String(describing: error), now: library.now())
                }
                throw error
            }
            switch entry.state {
            case .ready, .failed:
                context.report(JobProgress(fraction: 1, text: "\(entry.state.rawValue): \(entry.title)"))
            case .queued, .generating:
                context.report(JobProgress(fraction: entry.progress, text: "\(entry.state.rawValue): \(entry.title)"))
                let seconds = pollInterval.inSeconds
                throw context.postpone(until: context.clock.now().addingTimeInterval(seconds),
                                       reason: "\(entry.state.rawValue) \(Int((entry.progress * 100).rounded()))%")
            }
        }
    }

    /// The `podcast.request` kind's consumer: each request is asked for in the background (a source's full text read from the
    /// sources library, not the queue's capped copy). A request seen again after a crash finds the same entry and
    /// the same backend job, so a request is never made twice.
    public var consumer: any PodcastRequestConsumer { QueueConsumer(manager: self) }

    private struct QueueConsumer: PodcastRequestConsumer {
        let manager: PodcastGenerationManager

        func consume(_ request: PodcastRequest) async throws {
            // The request carries the page's URL: no need to read its bookmark back from the server.
            let title = request.title.isEmpty ? nil : request.title
            let item = PodcastItem.from(url: request.url, bookmarkID: nil, title: title)
            var resolved = try await manager.resolve(item)
            if case .url = item { resolved.bookmarkID = request.bookmarkID ?? resolved.bookmarkID }
            if resolved.title.isEmpty { resolved.title = request.title }
            _ = try await manager.generateInBackground(resolved)
        }
    }
}
