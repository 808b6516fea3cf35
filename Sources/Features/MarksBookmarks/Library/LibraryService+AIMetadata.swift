import Foundation
import MarksCore

extension LibraryService {
    /// Stores what AI enrichment made for a bookmark (by id; the summary is mirrored by URL), keeps the cache in
    /// step, tells the observers, and returns the bookmark carrying it. The bookmark is read from the cache, else
    /// fetched from the source (`notFound` when it does not exist).
    @discardableResult
    public func setAIMetadata(id: Int, summary: String?, tags: [String], engine: String) async throws -> Bookmark {
        guard let cache else { throw LibraryError.noCache }
        var cached: Bookmark?
        do {
            cached = try cache.bookmark(id: id)
        } catch {
            reportCacheFailure(error)  // an unreadable cached row only means fetching the bookmark again
        }
        var bookmark: Bookmark
        if let cached {
            bookmark = cached
        } else {
            bookmark = try await source.bookmark(id: id)
            try cache.upsert([bookmark])
        }
        let dismissed = try cache.dismissedAITags(id: id)
        let cleaned = TagNames.parse(tags.joined(separator: ",")).filter { !dismissed.contains($0.lowercased()) }
        let metadata = AIMetadata(summary: summary.flatMap { $0.isEmpty ? nil : $0 }, tags: cleaned, engine: engine, updatedAt: now())
        try cache.setAIMetadata(metadata, id: id, url: bookmark.url)
        bookmark.aiSummary = metadata.summary
        bookmark.aiTags = metadata.tags
        await notifySaved(bookmark.isArchived ? [] : [bookmark])
        return bookmark
    }

    /// Puts back AI metadata kept elsewhere (a Marks export), as it was — its engine and date — for bookmarks already
    /// saved, then tells the observers once; metadata equal to what is stored changes nothing.
    public func restoreAIMetadata(_ items: [(bookmark: Bookmark, metadata: AIMetadata)]) async throws {
        guard let cache else { throw LibraryError.noCache }
        var changed: [Bookmark] = []
        for item in items where try cache.aiMetadata(id: item.bookmark.id) != item.metadata {
            try cache.setAIMetadata(item.metadata, id: item.bookmark.id, url: item.bookmark.url)
            var bookmark = item.bookmark
            bookmark.aiSummary = item.metadata.summary
            bookmark.aiTags = item.metadata.tags
            changed.append(bookmark)
        }
        guard !changed.isEmpty else { return }
        await refreshWidgets()
        await notifySaved(changed.filter { !$0.isArchived })
    }

    /// The AI metadata stored for a bookmark, or nil (also when there is no cache).
    public func aiMetadata(id: Int) throws -> AIMetadata? {
        try cache?.aiMetadata(id: id)
    }

    /// The AI summary stored for a URL (the seeds' `AISummaryStore`: podcasts and lists look summaries up by URL).
    public func aiSummary(forURL url: String) throws -> String? {
        try cache?.summary(forURL: url)
    }
}
