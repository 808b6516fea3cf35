import Foundation
import MarksCore
import MarksJobs
import Synchronization

/// The select mode's bulk actions (tag, untag, mark read, archive, delete the checked rows), kept whole across a
/// crash. On the embedded store a bulk action is one transaction (`LibraryService.bulk`). A linkding server has no
/// transactions, so there it is a durable `library.bulk` job: recorded before the first change, run at once for the
/// request that asked, and — when the process dies midway — taken up again at the next start, which finishes it (each
/// change is idempotent, so the ones already done change nothing the second time). A failure (the server down, a
/// bookmark gone) ends the job and is the request's answer, as before: only a crash leaves work for the restart.
public final class BulkActions: Sendable {
    /// The job kind.
    public static let jobKindName = "library.bulk"
    /// A recorded action waits this long before the runner's loop may take it: the request runs it at once itself,
    /// so the loop only ever takes one a crash left behind (at the next start, once this has passed).
    static let holdOff: TimeInterval = 60

    /// The runner the jobs are recorded on.
    let jobs: JobRunner
    let now: @Sendable () -> Date
    /// The jobs requests of this process wait for, by id, with how each ended once it has (a job the restart takes up
    /// has no one waiting, and its outcome is not kept).
    private let awaited = Mutex<[Int64: Result<Int, any Error>?]>([:])

    /// Bulk actions recorded on `jobs`.
    public init(jobs: JobRunner, now: @escaping @Sendable () -> Date) {
        self.jobs = jobs
        self.now = now
    }

    /// The job's payload: the action and the bookmarks.
    struct Payload: Codable, Sendable, Equatable {
        var action: String
        var tag: String?
        var markingRead: Bool?
        var ids: [Int]

        init(_ change: BookmarkBulkChange, ids: [Int]) {
            self.ids = ids
            switch change {
            case .markRead: action = "read"
            case .archive(let markingRead):
                action = "archive"
                self.markingRead = markingRead
            case .addTag(let name):
                action = "tag"
                tag = name
            case .removeTag(let name):
                action = "untag"
                tag = name
            case .delete: action = "delete"
            }
        }

        var change: BookmarkBulkChange? {
            switch action {
            case "read": .markRead
            case "archive": .archive(markingRead: markingRead ?? false)
            case "tag": tag.map { .addTag($0) }
            case "untag": tag.map { .removeTag($0) }
            case "delete": .delete
            default: nil
            }
        }
    }

    /// Applies `change` to the bookmarks `ids` on `library`; returns how many it changed (`LibraryService.bulk`).
    public func apply(_ change: BookmarkBulkChange, ids: [Int], on library: LibraryService) async throws -> Int {
        guard library.source.bulkEdit == nil else { return try await library.bulk(change, ids: ids) }
        let job = try await record(change, ids: ids)
        awaited.withLock { $0[job.id] = .some(nil) }
        defer { awaited.withLock { _ = $0.removeValue(forKey: job.id) } }
        var ended = try await jobs.run(id: job.id)
        if ended == nil { ended = try await jobs.waitUntilFinished(job.id) }  // the runner's loop took it first
        if let outcome = awaited.withLock({ $0[job.id] ?? nil }) { return try outcome.get() }
        throw BulkActionError.notFinished(ended?.lastError ?? "the job is gone")
    }

    /// Records the job for `change` on `ids`, not yet run.
    func record(_ change: BookmarkBulkChange, ids: [Int]) async throws -> Job {
        try await jobs.enqueue(try JobRequest(kind: Self.jobKindName, key: UUID().uuidString, payload: Payload(change, ids: ids),
                                        runAfter: now().addingTimeInterval(Self.holdOff), maxAttempts: 1,
                                        priority: JobPriority.foreground))
    }

    /// The `library.bulk` kind: applies the recorded action to the current library. One attempt: a failure is the
    /// asking request's answer, and a crash is not a counted attempt (the restart takes the job back uncounted).
    public func jobKind(library: @escaping @Sendable () async throws -> LibraryService) -> JobKind {
        JobKind(Self.jobKindName, retry: .job(maxAttempts: 1)) { [self] context in
            let id = context.job.id
            func ended(_ outcome: Result<Int, any Error>) {
                self.awaited.withLock { awaited in if awaited[id] != nil { awaited[id] = .some(outcome) } }
            }
            do {
                let payload = try context.payload(as: Payload.self)
                guard let change = payload.change else { throw BulkActionError.unknownAction(payload.action) }
                let library = try await library()
                // Recorded for a linkding server: the ids mean nothing to another source.
                guard library.source.bulkEdit == nil else { throw BulkActionError.sourceChanged }
                let changed = try await library.bulk(change, ids: payload.ids)
                ended(.success(changed))
            } catch {
                ended(.failure(error))
                throw error
            }
        }
    }
}

/// Why a recorded bulk action did not run.
public enum BulkActionError: Error, Equatable, CustomStringConvertible {
    /// A payload this version does not know.
    case unknownAction(String)
    /// The bookmark source was switched since the action was recorded.
    case sourceChanged
    /// The job ended without an outcome in this process (another process ran it).
    case notFinished(String)

    public var description: String {
        switch self {
        case .unknownAction(let action): "unknown bulk action \"\(action)\""
        case .sourceChanged: "the bookmark source changed since the action was recorded"
        case .notFinished(let detail): "the bulk action did not finish here: \(detail)"
        }
    }
}
