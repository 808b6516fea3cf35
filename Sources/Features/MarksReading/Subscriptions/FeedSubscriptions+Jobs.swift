import Foundation
import MarksBookmarks
import MarksCore
import MarksFetch
import MarksJobs

extension FeedSubscriptions {
    /// The job kind that checks the followed feeds.
    public static let jobKind = "feeds.poll"

    /// The job's payload: one feed now (Check now, a new subscription), or every feed that is due (nil).
    struct Payload: Codable {
        var id: Int?
    }

    /// The coalesced job for the feeds that are due; serve queues it at start, and each run queues the next at the
    /// next feed's turn.
    public static let sweepJob = JobRequest(kind: jobKind, key: "due", payload: "{}")

    /// The job that checks feed `id` now, whenever it is due (a new subscription, Check now).
    public static func checkJob(id: Int) -> JobRequest {
        JobRequest(kind: jobKind, key: "feed-\(id)", payload: "{\"id\":\(id)}", maxAttempts: 1)
    }

    /// The `feeds.poll` kind: checks the due feeds (or the one its payload names), adding their new items to
    /// `library()`, and through `enqueue` queues the next sweep at the next feed's turn (not sooner than a minute; an
    /// hour when no feed is followed). With fetching off it finishes at once, saying so.
    public func jobKind(library: @escaping @Sendable () throws -> LibraryService,
                        enqueue: (@Sendable (JobRequest) async throws -> Void)? = nil) -> JobKind {
        JobKind(Self.jobKind, retry: .job(maxAttempts: 3, baseDelay: .seconds(300))) { [self] context in
            let payload = try context.payload(as: Payload.self)
            guard fetchingEnabled else {
                context.report(JobProgress(fraction: 1, text: "page fetching is off (MARKS_FETCH_PAGES=0): no feed checked"))
                return
            }
            var batch: [FeedSubscription]
            if let id = payload.id {
                do {
                    batch = [try subscription(id: id)]
                } catch FeedSubscriptionError.notFound {
                    context.report(JobProgress(fraction: 1, text: "feed \(id) is no longer followed"))
                    return
                }
            } else {
                batch = try due()
            }
            context.report(JobProgress(done: 0, total: batch.count, text: "0 of \(batch.count) feeds checked"))
            let results = try await check(batch, into: try library(), progress: { done, total, _ in
                context.report(JobProgress(done: done, total: total, text: "\(done) of \(total) feeds checked"))
            })
            try context.checkCancellation()
            let added = results.reduce(0) { $0 + $1.added.count }
            context.report(JobProgress(fraction: 1, text: "\(results.count) feeds checked, \(added) items added"))
            if let enqueue, payload.id == nil {
                var next = Self.sweepJob
                let soonest = now().addingTimeInterval(60)
                next.runAfter = max(try nextDue() ?? now().addingTimeInterval(Self.checkEvery), soonest)
                try await enqueue(next)
            }
        }
    }
}
