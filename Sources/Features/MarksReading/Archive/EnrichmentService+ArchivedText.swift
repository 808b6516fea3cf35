import Foundation
import MarksBookmarks
import MarksJobs

extension EnrichmentService {
    /// What the page-text archive calls after storing texts (beside the search index's observer; issue 36 item 6):
    /// for each text, the bookmarks at its URL (`ids`) whose offline summary was made before now — so without this
    /// text, or before the text's own fetch date when it has one — or whose title is empty (`untitled`, from the index:
    /// no request to a linkding server per page) get an `enrich.resummarize` job on `enqueue` (the summary and the
    /// title are made in the background, never while a request waits). `library` gives the library current when a
    /// text is stored. A failure is a warning: the old summary stays.
    public static func archiveObserver(library: @escaping @Sendable () throws -> LibraryService,
                                       ids: @escaping @Sendable (_ url: String) throws -> [Int],
                                       untitled: @escaping @Sendable (_ among: [Int]) throws -> [Int],
                                       now: @escaping @Sendable () -> Date,
                                       enqueue: @escaping @Sendable (JobRequest) async throws -> Void,
                                       warn: @escaping @Sendable (String) -> Void) -> @Sendable ([PageArchive.StoredText]) async -> Void {
        { texts in
            do {
                let library = try library()
                let fetchedNow = now()
                for text in texts {
                    let archivedAt = text.fetchedAt ?? fetchedNow
                    let atURL = try ids(text.url)
                    let untitledIDs = Set(try untitled(atURL))
                    let due = try atURL.filter { id in
                        if untitledIDs.contains(id) { return true }
                        guard let metadata = try library.aiMetadata(id: id) else { return false }
                        return summaryPredatesArchive(metadata, archivedAt: archivedAt)
                    }
                    guard !due.isEmpty else { continue }
                    try await enqueue(try resummarizeJob(ResummarizePayload(url: text.url, ids: due, archivedAt: archivedAt,
                                                                            source: library.source.identity)))
                }
            } catch {
                warn("summaries are not made again from the archived page text: \(error)")
            }
        }
    }

    /// At start (`marks serve`): the bookmarks with no title whose page is already archived — saved while it could not
    /// be read, archived before untitled bookmarks got its title — get the job that gives them the page's title, one
    /// per URL (`untitled`: the index's untitled bookmarks; `stored`: which of the URLs the archive holds with a title,
    /// so a page without one is not asked again at every start). Their summaries are not made again (`archivedAt` is
    /// the distant past). Returns how many jobs were queued.
    public static func queueTitles(untitled: [(id: Int, url: String)], stored: ([String]) throws -> Set<String>, source: String?,
                                   enqueue: @Sendable (JobRequest) async throws -> Void) async throws -> Int {
        guard !untitled.isEmpty else { return 0 }
        let archived = try stored(untitled.map(\.url))
        let byURL = Dictionary(grouping: untitled.filter { archived.contains($0.url) }, by: \.url)
        for (url, bookmarks) in byURL.sorted(by: { $0.key < $1.key }) {
            try await enqueue(try resummarizeJob(ResummarizePayload(url: url, ids: bookmarks.map(\.id), archivedAt: .distantPast, source: source)))
        }
        return byURL.count
    }
}
