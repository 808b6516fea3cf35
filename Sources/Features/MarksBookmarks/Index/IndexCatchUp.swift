import MarksIndex
import MarksJobs

/// How the search index's `LibraryObserver` treats a batch too large to write inside the library call that made it
/// (an import or a first sync of a hundred thousand bookmarks): the index is marked behind (`markBehind`) and
/// `schedule` asks for the catch-up — the `index.sync` job, which `marks serve` runs (a command queues it in the shared
/// jobs table, where a running server finds it); a command that reads the index catches up itself first
/// (`marks search --semantic`, `marks ask`, `marks index`).
public struct IndexCatchUp: Sendable {
    /// Batches of more bookmarks than this are left to the catch-up.
    public var threshold: Int
    /// Queues the catch-up (nothing in a command without background work).
    public var schedule: @Sendable () async throws -> Void

    /// A policy value.
    public init(threshold: Int = IndexCatchUp.defaultThreshold, schedule: @escaping @Sendable () async throws -> Void = {}) {
        self.threshold = threshold
        self.schedule = schedule
    }

    /// About half a second of index writes on this kind of machine.
    public static let defaultThreshold = 2_000

    /// The job kind's name.
    public static let kind = "index.sync"

    /// The catch-up job (coalesced: marks set while one is queued are read by that one run).
    public static let job = JobRequest(kind: kind, key: "behind", maxAttempts: 3)

    /// The catch-up as a job kind: when the index is behind, a full walk of the current library (`resolve`) into
    /// it, then `indexer` is asked for the new vectors. Returns at once when nothing is owed, so `marks serve` may
    /// queue it at every start. A source that cannot be reached fails the job, which is retried.
    public static func jobKind(index: SearchIndex, indexer: VectorIndexer?, pages: SearchIndex.PageTexts = .none,
                               resolve: @escaping @Sendable () -> LibraryService) -> JobKind {
        JobKind(kind, retry: .job(maxAttempts: 3, baseDelay: .seconds(30))) { context in
            guard try index.isBehind else { return }
            let result = try await index.sync(from: resolve().withoutObservers(), pages: pages) { read in
                context.report(JobProgress(fraction: nil, text: "indexed \(read)"))
            }
            try await indexer?.schedule()
            context.report(JobProgress(fraction: 1, text: "indexed \(result.live + result.archived) bookmarks"))
        }
    }
}
