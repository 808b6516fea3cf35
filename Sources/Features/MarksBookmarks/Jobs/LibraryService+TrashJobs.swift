import Foundation
import MarksJobs
import SystemSupport

extension LibraryService {
    /// The kind that sends a linkding delete when its undo window closes (key: the bookmark id).
    public static let deleteKind = "linkding.delete"
    /// The periodic kind that drops trashed bookmarks older than `trashRetention` (key: "trash").
    public static let purgeKind = "trash.purge"

    /// The payload of a `linkding.delete` job.
    public struct DeleteJobPayload: Codable, Sendable, Equatable {
        /// The bookmark's id on the linkding server.
        public var id: Int
        /// The source's identity (its cache key): the server the delete is for, even after Settings switched servers.
        public var source: String?

        /// The payload for bookmark `id` of `source`.
        public init(id: Int, source: String?) {
            self.id = id
            self.source = source
        }
    }

    /// A linkding server may be down for hours (a laptop offline): retry for about two days, then dead-letter
    /// (`marks jobs retry`); the bookmark stays hidden in the trash meanwhile.
    static let deleteRetry = RetryPolicy.job(maxAttempts: 100, baseDelay: .seconds(30), maximumDelay: .seconds(1800))

    /// The job that sends bookmark `id`'s delete at `runAfter`.
    func deleteJob(id: Int, runAfter: Date) throws -> JobRequest {
        try JobRequest(kind: Self.deleteKind, key: Self.deleteKey(id: id, source: source.identity),
                       payload: DeleteJobPayload(id: id, source: source.identity), runAfter: runAfter, maxAttempts: Self.deleteRetry.maxAttempts)
    }

    /// The job key of a delete: the source and the id, so two servers' bookmark 7 never coalesce.
    static func deleteKey(id: Int, source: String) -> String {
        source + "#" + String(id)
    }

    /// The first purge; the kind queues the next ones itself.
    public static let purgeJob = JobRequest(kind: purgeKind, key: "trash", maxAttempts: 3)

    /// The trash's kinds: `linkding.delete` (sends a waiting delete; retried while the server is down) and
    /// `trash.purge` (every `purgeEvery`, drops what was deleted more than `trashRetention` ago, by the library's clock).
    public func trashJobKinds(purgeEvery: Duration = .seconds(6 * 3600)) -> [JobKind] {
        Self.trashJobKinds(purgeEvery: purgeEvery) { [self] source in source == nil || source == self.source.identity ? self : nil }
    }

    /// The trash's kinds for a process whose library can change (Settings swapping the source): `resolve` gives the
    /// library of a source identity (nil: the current one). A delete whose source is gone fails with a message and
    /// is retried (its bookmark stays hidden in that source's trash).
    public static func trashJobKinds(purgeEvery: Duration = .seconds(6 * 3600),
                                     resolve: @escaping @Sendable (_ source: String?) -> LibraryService?) -> [JobKind] {
        [
            JobKind(deleteKind, concurrency: 2, retry: deleteRetry) { context in
                let payload = try context.payload(as: DeleteJobPayload.self)
                guard let library = resolve(payload.source) else { throw LibraryError.sourceGone(payload.source ?? "") }
                try await library.sendPendingDelete(id: payload.id)
            },
            JobKind(purgeKind, retry: .job(maxAttempts: 3), repeatEvery: purgeEvery) { context in
                guard let library = resolve(nil) else { return }
                let purged = try await library.emptyTrash(deletedBefore: library.now().addingTimeInterval(-trashRetention))
                context.report(JobProgress(fraction: 1, text: "purged \(purged.count) trashed bookmark\(purged.count == 1 ? "" : "s")"))
            },
        ]
    }
}
