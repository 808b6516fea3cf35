import Foundation
import MarksJobs

extension DocumentLibrary {
    /// The periodic kind that purges sources trashed longer ago than the retention (key: "sources-trash").
    public static let purgeKind = "sources.purge"

    /// The first purge; the kind queues the next ones itself.
    public static let purgeJob = JobRequest(kind: purgeKind, key: "sources-trash", maxAttempts: 3)

    /// The `sources.purge` kind: every `every`, purges (row, original, index entry) what was deleted more than
    /// `retention` ago by the library's clock — the composition root passes the bookmarks' trash retention.
    public func purgeJobKind(retention: TimeInterval, every: Duration = .seconds(6 * 3600)) -> JobKind {
        JobKind(Self.purgeKind, retry: .job(maxAttempts: 3), repeatEvery: every) { context in
            let purged = try await purgeDeleted(before: now().addingTimeInterval(-retention))
            context.report(JobProgress(fraction: 1, text: "purged \(purged) trashed source\(purged == 1 ? "" : "s")"))
        }
    }

    /// Purges every trashed source now; returns how many.
    @discardableResult
    public func emptyTrash() async throws -> Int {
        let trashed = try trash()
        for source in trashed { try await purge(id: source.id) }
        return trashed.count
    }
}
