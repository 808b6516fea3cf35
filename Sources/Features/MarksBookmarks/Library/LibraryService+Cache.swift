import Foundation
import MarksCore

/// How the library keeps its cache in step. A cache failure never fails the operation that caused it: it is
/// reported through `warn` and the next sync (or load) repairs the cache.
extension LibraryService {
    /// The cached unfiltered list as a first page, or nil (a filtered list, no cache, nothing cached, or a cache that
    /// cannot be read — reported, and treated as a miss).
    /// Over the embedded store there is no copy to show first: the store answers the page itself, at once.
    public func cachedPage(_ filter: LibraryFilter) -> LibraryPage? {
        guard let cache, cache.holdsCopy, filter.isUnfiltered else { return nil }
        do {
            let all = try cache.bookmarks(archived: false)
            guard !all.isEmpty else { return nil }
            let sorted = Self.sorted(all, by: filter.sort)
            return LibraryPage(bookmarks: Array(sorted.prefix(max(1, filter.limit))), count: all.count, next: nil)
        } catch {
            reportCacheFailure(error)
            return nil
        }
    }

    /// The bookmarks with their stored AI metadata (unchanged when there is no cache or it cannot be read).
    func restoringAIMetadata(_ bookmarks: [Bookmark]) -> [Bookmark] {
        guard let cache, !bookmarks.isEmpty else { return bookmarks }
        do {
            return try cache.restoringAIMetadata(bookmarks)
        } catch {
            reportCacheFailure(error)
            return bookmarks
        }
    }

    /// One bookmark with its stored AI metadata.
    func restoringAIMetadata(_ bookmark: Bookmark) -> Bookmark {
        restoringAIMetadata([bookmark]).first ?? bookmark
    }

    /// Saves the first page of the unfiltered live list; cached live bookmarks that page proves gone are dropped
    /// (all others when it is the whole list; those newer than its oldest when it is sorted newest first).
    func saveFirstPage(_ bookmarks: [Bookmark], isWholeList: Bool, newestFirst: Bool) {
        guard let cache else { return }
        do {
            if isWholeList || newestFirst {
                try cache.reconcile(firstPage: bookmarks.filter { !$0.isArchived }, isWholeList: isWholeList)
            } else {
                try cache.upsert(bookmarks)
            }
        } catch {
            reportCacheFailure(error)
        }
    }

    func cacheUpsert(_ bookmarks: [Bookmark]) {
        guard let cache else { return }
        do {
            try cache.upsert(bookmarks)
        } catch {
            reportCacheFailure(error)
        }
    }

    func cacheRemove(_ ids: [Int], forgettingAIMetadata: Bool) {
        guard let cache else { return }
        do {
            try cache.remove(ids: ids, forgettingAIMetadata: forgettingAIMetadata)
        } catch {
            reportCacheFailure(error)
        }
    }

    /// Moves a cached bookmark to the archived list (its server copy now has a newer `date_modified`; the next sync's
    /// overlap fetches it).
    func cacheMarkArchived(_ id: Int) {
        guard let cache, cache.holdsCopy else { return }
        do {
            guard var bookmark = try cache.bookmark(id: id) else { return }
            bookmark.isArchived = true
            try cache.upsert([bookmark])
        } catch {
            reportCacheFailure(error)
        }
    }

    /// Reports a cache failure; a malformed row also makes the next sync walk the full list, which rewrites it.
    func reportCacheFailure(_ error: any Error) {
        warn("\(error)")
        guard case CacheError.malformedRow? = error as? CacheError, let cache else { return }
        do {
            try cache.requireFullReconcile()
        } catch {
            warn("\(error)")
        }
    }

    /// True for a `next` link of the unfiltered live list: `/api/bookmarks/` with no parameter but paging and sort.
    static func isUnfilteredLink(_ link: String) -> Bool {
        guard let components = URLComponents(string: link), components.path.hasSuffix("/api/bookmarks/") else { return false }
        let paging: Set<String> = ["limit", "offset", "sort"]
        return (components.queryItems ?? []).allSatisfy { paging.contains($0.name) }
    }

    /// Bookmarks in a list order, as linkding sorts them (titles case-insensitively).
    static func sorted(_ bookmarks: [Bookmark], by sort: BookmarkSort) -> [Bookmark] {
        switch sort {
        case .addedDesc: return bookmarks.sorted { ($0.dateAdded, $0.id) > ($1.dateAdded, $1.id) }
        case .addedAsc: return bookmarks.sorted { ($0.dateAdded, $0.id) < ($1.dateAdded, $1.id) }
        case .modifiedDesc: return bookmarks.sorted { ($0.dateModified, $0.id) > ($1.dateModified, $1.id) }
        case .modifiedAsc: return bookmarks.sorted { ($0.dateModified, $0.id) < ($1.dateModified, $1.id) }
        case .titleAsc: return bookmarks.sorted { $0.displayTitle.lowercased() < $1.displayTitle.lowercased() }
        case .titleDesc: return bookmarks.sorted { $0.displayTitle.lowercased() > $1.displayTitle.lowercased() }
        }
    }
}
