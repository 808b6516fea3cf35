import Foundation
import MarksCore
import MarksBookmarks
import MarksJobs

extension EnrichmentService {
    /// What the page-text archive calls after storing texts (beside the search index's observer; issue 36 item 6):
    /// for each text, the bookmarks at its URL (`ids`) whose offline summary was made before now — so without this
    /// text, or before the text's own fetch date when it has one — or whose title is empty get an `enrich.resummarize`
    /// job on `enqueue` (the summary and the title are made in the background, never while a request waits). `library` gives the library current when a text is stored. A failure is a warning: the old
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
                    var due: [Int] = []
                    for id in try ids(text.url) {
                        if let metadata = try library.aiMetadata(id: id), summaryPredatesArchive(metadata, archivedAt: archivedAt) {
                            due.append(id)
                        } else if try await isUntitled(id, in: library) {
                            due.append(id)
                        }
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

    /// Whether the bookmark with `id` has no title (saved while its page could not be read): the job gives it the
    /// archived page's. A bookmark deleted meanwhile has none to give.
    private static func isUntitled(_ id: Int, in library: LibraryService) async throws -> Bool {
        do {
            return try await library.bookmark(id: id).title.allSatisfy(\.isWhitespace)
        } catch BookmarkSourceError.notFound {
            return false
        }
    }
}
