import Foundation
import MarksCore
import MarksEngine
import MarksIndex
import MarksJobs
import SystemSupport

/// Keeps the saved collections in step with the library: made from the search index's vectors of every live
/// bookmark (`SearchIndex.collectionInput`, no model needed) by `CollectionMaker` on the compute workers, and kept
/// by `CollectionStore`. In `marks serve` it runs as the job kind `collections.refresh`: queued at start and a minute
/// after a vector run stored new vectors (coalesced, so a burst of saves makes one refresh); it does nothing when
/// the index has not changed since the last refresh. A page view never refreshes.
public struct CollectionRefresh: Sendable {
    /// The job kind's name.
    public static let kind = "collections.refresh"
    /// Fewer indexed bookmarks than this make no collections (the Collections tab says so).
    public static let minimumBookmarks = 20
    /// How long after a change the refresh waits, so that the changes around it are read by one run.
    public static let settle: TimeInterval = 60

    /// The refresh request (one queued at a time), due `after` the given instant.
    public static func job(after: Date? = nil) -> JobRequest {
        JobRequest(kind: kind, key: "library", runAfter: after, maxAttempts: 3)
    }

    /// What a refresh did.
    public enum Outcome: Sendable, Equatable {
        /// The index had not changed since the last refresh.
        case unchanged
        /// The collections were made again from this many indexed bookmarks.
        case refreshed(bookmarks: Int, collections: Int)
    }

    /// Where the collections are kept.
    public let store: CollectionStore
    private let index: SearchIndex
    private let workers: WorkerPool
    private let maker: CollectionMaker

    /// A refresh over `index` into `store`, computing on `workers`.
    public init(store: CollectionStore, index: SearchIndex, workers: WorkerPool = .compute) {
        self.store = store
        self.index = index
        self.workers = workers
        var maker = CollectionMaker()
        maker.minimumBookmarks = Self.minimumBookmarks
        self.maker = maker
    }

    /// How many live bookmarks have their vector so far (collections need `minimumBookmarks`).
    public func indexedBookmarks() throws -> Int {
        try index.collectionInputCount()
    }

    /// Whether the saved collections were made from the index as it is now (a refresh after the last change has run).
    /// False after a vector run, until the refresh it queued has read the new vectors.
    public func isCurrent() throws -> Bool {
        try store.refreshedGeneration() == (try index.collectionGeneration())
    }

    /// Makes the collections again when the index changed since the last refresh (always when `force`).
    public func refresh(force: Bool = false) async throws -> Outcome {
        let index = index, store = store, maker = maker
        return try await workers.run {
            // The generation first: reading every live bookmark's vector (150 MB of Float32 at 100k) to learn that
            // nothing changed cost each `marks serve` start 20 CPU-seconds and a 450 MB peak.
            if !force, let refreshed = try store.refreshedGeneration(), refreshed == (try index.collectionGeneration()) { return .unchanged }
            let input = try index.collectionInput()
            if !force, try store.refreshedGeneration() == input.generation { return .unchanged }
            let made = maker.collections(input.items, vectors: input.vectors, dimension: input.dimension)
            try store.replace(with: made, generation: input.generation)
            return .refreshed(bookmarks: input.items.count, collections: made.count)
        }
    }

    /// The refresh as a job kind for the runner.
    public func jobKind() -> JobKind {
        JobKind(Self.kind, retry: .job(maxAttempts: 3, baseDelay: .seconds(60))) { context in
            switch try await refresh() {
            case .unchanged:
                context.report(JobProgress(fraction: 1, text: "collections already current"))
            case .refreshed(let bookmarks, let collections):
                context.report(JobProgress(fraction: 1, text: "\(collections) collections from \(bookmarks) bookmarks"))
            }
        }
    }
}
