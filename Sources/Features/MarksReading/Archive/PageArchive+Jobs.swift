import Foundation
import MarksCore
import MarksJobs
import MarksBookmarks

extension PageArchive {
    /// The job kind that fills the archive.
    public static let jobKind = "archive.text"
    /// Pages one run fetches at most; a run that leaves more queues the next one (resumable, bounded).
    public static let pagesPerRun = 200

    /// The job's payload: fetch every bookmark again (`marks archive-text --all`), or only what is due.
    struct Payload: Codable {
        var refetchAll: Bool
    }

    /// The coalesced job for what is due (every save asks, one run answers them all); serve queues it at start.
    public static let sweepJob = JobRequest(kind: jobKind, key: "pending", payload: "{\"refetchAll\":false}")

    /// The job that fetches every bookmark again.
    public static let refetchAllJob = JobRequest(kind: jobKind, key: "all", payload: "{\"refetchAll\":true}", maxAttempts: 1)

    /// What a foreground run (`marks archive-text`) hears from the job: progress after each page, a way to stop
    /// (Ctrl-C), and the final report.
    public struct JobHooks: Sendable {
        public var progress: @Sendable (_ done: Int, _ total: Int, _ url: String) -> Void
        public var shouldStop: @Sendable () -> Bool
        /// Nil: no one reads the report, so the run does not build it (it looks up every bookmark's page).
        public var report: (@Sendable (ArchiveReport) -> Void)?

        /// Hooks; the defaults do nothing.
        public init(progress: @escaping @Sendable (Int, Int, String) -> Void = { _, _, _ in }, shouldStop: @escaping @Sendable () -> Bool = { false },
                    report: (@Sendable (ArchiveReport) -> Void)? = nil) {
            self.progress = progress
            self.shouldStop = shouldStop
            self.report = report
        }
    }

    /// The `archive.text` kind: fetches the due pages among `urls()` (the library's bookmarks), at most `limit` a
    /// run; when more are due it queues the next run through `enqueue` (nil: a foreground run does them all). With
    /// fetching off it finishes at once, saying so.
    public func jobKind(urls: @escaping @Sendable () throws -> [String], limit: Int = PageArchive.pagesPerRun,
                        enqueue: (@Sendable (JobRequest) async throws -> Void)? = nil, hooks: JobHooks = JobHooks()) -> JobKind {
        JobKind(Self.jobKind, retry: .job(maxAttempts: 3, baseDelay: .seconds(300))) { [self] context in
            let payload = try context.payload(as: Payload.self)
            guard fetchingEnabled else {
                if let report = hooks.report { report(try self.report(for: try urls())) }
                context.report(JobProgress(fraction: 1, text: "page fetching is off (MARKS_FETCH_PAGES=0): nothing archived"))
                return
            }
            // The library's addresses are read to choose this run's pages and let go before it fetches: a run waits
            // on the network, and 100,000 addresses held meanwhile are ~12 MB an idle server could not give back.
            let (batch, moreDue) = try { () throws -> ([String], Bool) in
                // One more than the run takes says whether another run is needed.
                let due = try due(among: try urls(), refetchAll: payload.refetchAll, limit: enqueue == nil ? .max : limit + 1)
                let batch = enqueue == nil ? due : Array(due.prefix(limit))
                return (batch, due.count > batch.count)
            }()
            context.report(JobProgress(done: 0, total: batch.count, text: "0 of \(batch.count) pages archived"))
            let result = try await archive(batch, shouldStop: hooks.shouldStop) { done, total, url in
                hooks.progress(done, total, url)
                context.report(JobProgress(done: done, total: total, text: "\(done) of \(total) pages archived"))
            }
            try context.checkCancellation()
            if let enqueue, !hooks.shouldStop() {
                if moreDue {
                    try await enqueue(Self.sweepJob)
                } else if let retry = try nextRetry() {
                    var later = Self.sweepJob
                    later.runAfter = retry // failed pages that may pass are tried again when due
                    try await enqueue(later)
                }
            }
            if let report = hooks.report { report(try self.report(for: try urls(), fetched: result.stored)) }
        }
    }

    /// An observer that queues the sweep when saved bookmarks (added, imported, synced) include a page never
    /// fetched: the job fetches what is new. A list page's load of known bookmarks queues nothing (a page view
    /// starts no work), and nothing is queued with fetching off.
    public func observer(enqueue: @escaping @Sendable (JobRequest) async throws -> Void, warn: @escaping @Sendable (String) -> Void) -> LibraryObserver {
        let enabled = fetchingEnabled
        let queue: @Sendable ([Bookmark]) async -> Void = { [self] bookmarks in
            guard enabled, !bookmarks.isEmpty else { return }
            do {
                guard try hasUnfetched(bookmarks.map(\.url)) else { return }
                try await enqueue(Self.sweepJob)
            } catch {
                warn("page texts not queued for archiving: \(error)")
            }
        }
        return LibraryObserver(saved: queue, archived: { _ in }, unarchived: queue, deleted: { _ in })
    }
}
