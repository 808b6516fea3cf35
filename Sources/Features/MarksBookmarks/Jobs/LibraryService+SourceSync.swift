import Foundation
import MarksIndex
import MarksJobs

extension LibraryService {
    /// The kind that catches up with a newly chosen source (key: "current"): queued when Settings switches the
    /// source of a running `marks serve`.
    public static let sourceSyncKind = "source.sync"

    /// The catch-up job (coalesced: two switches in a row sync once, with whatever source is current then).
    public static let sourceSyncJob = JobRequest(kind: sourceSyncKind, key: "current", maxAttempts: 3)

    /// The catch-up: syncs the current library (`resolve`) — its cache and the widget files follow, and its
    /// observers index what it reads — then syncs `index` from it, which also drops the entries of the old
    /// source's bookmarks (the index is one for the data directory, not one per source), and asks `indexer` for
    /// the vectors of what is new. A source that cannot be reached fails the job, which is retried.
    /// `pages` gives the new source's bookmarks the passages of their archived page texts.
    public static func sourceSyncKind(index: SearchIndex?, indexer: VectorIndexer?, pages: SearchIndex.PageTexts = .none,
                                      resolve: @escaping @Sendable () -> LibraryService) -> JobKind {
        JobKind(sourceSyncKind, retry: .job(maxAttempts: 3, baseDelay: .seconds(30))) { context in
            let library = resolve()
            context.report(JobProgress(fraction: nil, text: "syncing \(library.source.identity)"))
            let report = try await library.sync()
            guard let index else {
                context.report(JobProgress(fraction: 1, text: "synced \(report.live + report.archived) bookmarks"))
                return
            }
            let result = try await index.sync(from: library.withoutObservers(), pages: pages) { read in
                context.report(JobProgress(fraction: nil, text: "indexed \(read)"))
            }
            try await indexer?.schedule()
            context.report(JobProgress(fraction: 1, text: "indexed \(result.live + result.archived) bookmarks; removed \(result.removed) of the old source"))
        }
    }

    /// This library without its observers (a full index sync writes the index itself).
    func withoutObservers() -> LibraryService {
        LibraryService(source: source, widgets: nil, now: now, warn: warn, observers: [], cache: cache, syncOptions: syncOptions,
                       deferredDeletes: deferredDeletes)
    }
}
