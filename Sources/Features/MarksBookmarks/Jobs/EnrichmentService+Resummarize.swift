import Foundation
import MarksCore
import MarksJobs
import MarksFetch
import MarksEngine

extension EnrichmentService {
    /// The payload of an `enrich.resummarize` job: a page's text was archived (or archived again) at `archivedAt`.
    public struct ResummarizePayload: Codable, Sendable, Equatable {
        /// The archived page's URL.
        public var url: String
        /// The bookmarks with that URL when the text was stored.
        public var ids: [Int]
        /// When the text was stored: a summary made before it was made without it.
        public var archivedAt: Date
        /// The identity of the source the bookmarks are in (nil: the current source).
        public var source: String?

        /// A payload.
        public init(url: String, ids: [Int], archivedAt: Date, source: String?) {
            self.url = url
            self.ids = ids
            self.archivedAt = archivedAt
            self.source = source
        }
    }

    /// The job that makes again the offline summaries of the bookmarks at a URL whose text was just archived
    /// (coalesced per source and URL: a page archived twice before the job runs is summarised once, from its last text).
    public static func resummarizeJob(_ payload: ResummarizePayload) throws -> JobRequest {
        try JobRequest(kind: JobKinds.resummarize, key: (payload.source ?? "") + "#" + payload.url, payload: payload,
                       maxAttempts: retry.maxAttempts)
    }

    /// Whether `metadata` holds a summary the offline engine made before `archivedAt`, so without the text archived
    /// then — or is the offline engine's empty result for a bookmark that was only an address —: that one is made
    /// again. A provider's or backend's summary, or one made after, is kept.
    public static func summaryPredatesArchive(_ metadata: AIMetadata, archivedAt: Date) -> Bool {
        metadata.engine == OfflineEngine.name && (metadata.summary != nil || metadata.tags.isEmpty) && metadata.updatedAt < archivedAt
    }

    /// For each bookmark of `payload` still at its URL: a title left empty (the page could not be read when it was
    /// saved) becomes the archived page's title, as a save with a readable page would have had; an offline summary
    /// that predates the archive is made again from the text (issue 36 item 6), the AI tags staying as they are (a
    /// bookmark that had none, or only tags guessed from its address, gets them from the text) and nothing appended to
    /// the notes. A bookmark deleted meanwhile is skipped. Returns how many summaries were made again.
    func resummarize(_ payload: ResummarizePayload) async throws -> Int {
        var remade = 0
        var vocabulary: [String]?
        for id in Set(payload.ids).sorted() {
            var bookmark: Bookmark
            do {
                bookmark = try await library.bookmark(id: id)
            } catch BookmarkSourceError.notFound {
                continue
            }
            guard bookmark.url == payload.url else { continue }
            // Only an address: no title, description or notes. Its offline AI tags, if any, were guessed from the
            // URL's letters (before that stopped) and are made again from the page.
            let addressOnly = [bookmark.title, bookmark.description, bookmark.notes].allSatisfy { Self.nonEmpty($0) == nil }
            if Self.nonEmpty(bookmark.title) == nil, let title = try await pageTitle(bookmark.url) {
                bookmark = try await library.update(id: id, BookmarkUpdate(title: title))
            }
            guard let metadata = try library.aiMetadata(id: id) else { continue }
            let guessed = addressOnly && metadata.engine == OfflineEngine.name && metadata.summary == nil
            guard guessed || Self.summaryPredatesArchive(metadata, archivedAt: payload.archivedAt) else { continue }
            if vocabulary == nil { vocabulary = await self.vocabulary() }
            _ = try await enrich(bookmark, vocabulary: vocabulary ?? [], keepingTags: guessed || metadata.tags.isEmpty ? nil : metadata.tags)
            remade += 1
        }
        return remade
    }

    /// The title of the page at `url` as enrichment reads it (its archived text first), trimmed and on one line; nil
    /// when it has none or cannot be read (the title stays empty, the list shows the address).
    private func pageTitle(_ url: String) async throws -> String? {
        guard let address = URL(string: url) else { return nil }
        let page: PageTextReader.Page
        do {
            page = try await readPage(address)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return nil  // safe: the title stays empty, as it was
        }
        let title = (page.title ?? "").collapsingWhitespace
        return title.isEmpty ? nil : LinkdingLimits.prefix(title, limit: LinkdingLimits.titleLength)
    }
}
