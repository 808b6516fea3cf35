import Foundation
import MarksCore

extension LibraryService {
    /// Brings the cache in step with the source (incrementally unless `full` or a reconcile says otherwise; see
    /// `LibrarySynchronizer`), tells the observers what changed, rewrites the widget data, and reports the counts.
    /// The cache is left as it was when the source fails. One sync runs at a time; a second caller shares it.
    /// Over the embedded store the cache keeps no copy, so there is nothing to bring in step: the report gives the
    /// store's counts and the widget data is rewritten.
    public func sync(full: Bool = false, progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncReport {
        guard let cache else { throw LibraryError.noCache }
        guard cache.holdsCopy else { return try await reportWithoutCopy(cache, full: full) }
        let synchronizer = LibrarySynchronizer(source: source, cache: cache, options: syncOptions, now: now, warn: warn,
                                               hidden: libraryTrashIDs())
        let (outcome, ranHere) = try await syncGate.run { try await synchronizer.run(full: full, progress: progress) }
        guard ranHere else { return outcome.report }
        await notifySaved(restoringAIMetadata(outcome.saved))
        await notifyArchived(outcome.archived)
        await notifyUnarchived(restoringAIMetadata(outcome.unarchived))
        await notifyDeleted(outcome.deleted)
        if widgets != nil {
            do {
                writeWidgets(try cache.bookmarks(archived: false, limit: WidgetDataStore.keptBookmarks))
            } catch {
                reportCacheFailure(error)
            }
        }
        return outcome.report
    }

    /// Every tag with its count from linkding tags and AI tags on live bookmarks, by count then name. With a cache
    /// this reads the cache (syncing first when it was never synced or cannot be read) — only its bookmarks with AI
    /// tags when the source keeps its own tag counts (the embedded store: issue 36, 445 ms at 100k bookmarks for the
    /// whole cache); without one it pages the source.
    public func tagCounts() async throws -> [TagCount] {
        guard let cache else { return TagCount.counted(try await allLiveBookmarks()) }
        let kept = source.tagCounts
        func read() async throws -> [TagCount] {
            if try cache.needsFirstSync() { _ = try await sync() }
            guard let kept else { return TagCount.counted(tagLists: try cache.tagLists()) }
            return TagCount.counted(linkding: try await kept.live(), aiTagLists: try cache.tagLists(withAITagsOnly: true))
        }
        do {
            return try await read()
        } catch let error as CacheError {
            reportCacheFailure(error)
            _ = try await sync(full: true)
            return try await read()
        }
    }

    /// What a sync reports over a cache without a copy: nothing added, changed or removed; the store's counts.
    private func reportWithoutCopy(_ cache: BookmarkCache, full: Bool) async throws -> SyncReport {
        let counts = try cache.counts()
        if widgets != nil {
            do {
                writeWidgets(try cache.bookmarks(archived: false, limit: WidgetDataStore.keptBookmarks))
            } catch {
                reportCacheFailure(error)
            }
        }
        return SyncReport(added: 0, updated: 0, removed: 0, live: counts.live, archived: counts.archived, full: full)
    }

    /// Every live bookmark, page by page from the source.
    private func allLiveBookmarks() async throws -> [Bookmark] {
        try await BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize)) { _, _ in }.bookmarks
    }
}
