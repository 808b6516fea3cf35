import Foundation
import MarksBookmarks
import MarksJobs

extension EnrichmentService {
    /// What the page-text archive calls after storing texts (beside the search index's observer; issue 36 item 6):
    /// for each text, the bookmarks at its URL (`ids`) whose offline summary was made before now — so without this
    /// text, or before the text's own fetch date when it has one — get an `enrich.resummarize` job on `enqueue` (the summary is made in the background, never while a
    /// request waits). `library` gives the library current when a text is stored. A failure is a warning: the old
    /// summary stays.
    public static func archiveObserver(library: @escaping @Sendable () throws -> LibraryService,
                                       ids: @escaping @Sendable (_ url: String) throws -> [Int],
                                       now: @escaping @Sendable () -> Date,
                                       enqueue: @escaping @Sendable (JobRequest) async throws -> Void,
                                       warn: @escaping @Sendable (String) -> Void) -> @Sendable ([PageArchive.StoredText]) async -> Void {
        { texts in
            do {
                let library = try library()
                let fetchedNow = now()
                for text in texts {
                    let archivedAt = text.fetchedAt ?? fetchedNow
                    let stale = try ids(text.url).filter { id in
                        guard let metadata = try library.aiMetadata(id: id) else { return false }
                        return summaryPredatesArchive(metadata, archivedAt: archivedAt)
                    }
                    guard !stale.isEmpty else { continue }
                    try await enqueue(try resummarizeJob(ResummarizePayload(url: text.url, ids: stale, archivedAt: archivedAt,
                                                                            source: library.source.identity)))
                }
            } catch {
                warn("summaries are not made again from the archived page text: \(error)")
            }
        }
    }
}
