import Foundation
import MarksJobs

extension LibraryService {
    /// The kind that sends a linkding delete when its undo window closes (key: the bookmark id).
    public static let deleteKind = "linkding.delete"
    /// The periodic kind that drops trashed bookmarks older than `trashRetention` (key: "trash").
    public static let purgeKind = "trash.purge"

    /// The payload of a `linkding.delete` job.
    public struct DeleteJobPayload: Codable, Sendable, Equatable {
        /// The bookmark's id on the linkding server.
        public var id: Int

        /// The payload for bookmark `id`.
        public init(id: Int) { self.id = id }
    }

    /// A linkding server may be down for hours (a laptop offline): retry for about two days, then dead-letter
    /// (`marks jobs retry`); the bookmark stays hidden in the trash meanwhile.
    static let deleteRetry = JobRetryPolicy(maxAttempts: 100, baseDelay: .seconds(30), maximumDelay: .seconds(1800))

    /// The job that sends bookmark `id`'s delete at `runAfter`.
    static func deleteJob(id: Int, runAfter: Date) throws -> JobRequest {
        try JobRequest(kind: deleteKind, key: String(id), payload: DeleteJobPayload(id: id), runAfter: runAfter,
                       maxAttempts: deleteRetry.maxAttempts)
    }

    /// The first purge; the kind queues the next ones itself.
    public static let purgeJob = JobRequest(kind: purgeKind, key: "trash", maxAttempts: 3)

    /// The trash's kinds: `linkding.delete` (sends a waiting delete; retried while the server is down) and
    /// `trash.purge` (every `purgeEvery`, drops what was deleted more than `trashRetention` ago, by the library's clock).
    public func trashJobKinds(purgeEvery: Duration = .seconds(6 * 3600)) -> [JobKind] {
        [
            JobKind(Self.deleteKind, concurrency: 2, retry: Self.deleteRetry) { context in
                let payload = try context.payload(as: DeleteJobPayload.self)
                try await self.sendPendingDelete(id: payload.id)
            },
            JobKind(Self.purgeKind, retry: JobRetryPolicy(maxAttempts: 3), repeatEvery: purgeEvery) { context in
                let purged = try await self.emptyTrash(deletedBefore: self.now().addingTimeInterval(-Self.trashRetention))
                context.report(JobProgress(fraction: 1, text: "purged \(purged.count) trashed bookmark\(purged.count == 1 ? "" : "s")"))
            },
        ]
    }
}
