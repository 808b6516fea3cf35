import Foundation
import MarksCore

/// Reads that keep working when the bookmark source cannot be reached: the local copy (the cache) answers instead,
/// and the result says so (`LibraryRead.offline`), so a surface can print "offline — showing the copy from …".
/// Only an unreachable source falls back; a refused token, a 404 or a 400 is still an error, and so is an
/// unreachable source when nothing was ever cached.
extension LibraryService {
    /// True for the failures that mean "the server is not there right now": it cannot be reached, it did not answer
    /// in time, or a proxy in front of it says it is down (502, 503, 504).
    public static func isUnavailable(_ error: any Error) -> Bool {
        guard let error = error as? BookmarkSourceError else { return false }
        switch error {
        case .unreachable, .timeout: return true
        case .server(let status, _): return [502, 503, 504].contains(status)
        default: return false
        }
    }

    /// `load(_:)`, or — with the source unreachable — the filter's first page computed from the local copy.
    public func loadOrCopy(_ filter: LibraryFilter) async throws -> LibraryRead<LibraryPage> {
        do {
            return LibraryRead(try await load(filter))
        } catch let error where Self.isUnavailable(error) {
            guard let offline = offlineCopy(error), let page = copiedPage(filter) else { throw error }
            return LibraryRead(page, offline: offline)
        }
    }

    /// `bookmark(id:)`, or — with the source unreachable — the cached copy of that bookmark.
    public func bookmarkOrCopy(id: Int) async throws -> LibraryRead<Bookmark> {
        do {
            return LibraryRead(try await bookmark(id: id))
        } catch let error where Self.isUnavailable(error) {
            guard let offline = offlineCopy(error), let cached = cachedBookmark(id: id) else { throw error }
            return LibraryRead(cached, offline: offline)
        }
    }

    /// Brings the local copy in step with the source (an incremental sync) before something reads the copy. Returns
    /// nil when it did, or the notice when the source is unreachable and there is a copy to read. Other failures
    /// throw, and so does an unreachable source with nothing cached.
    public func refresh() async throws -> OfflineCopy? {
        do {
            _ = try await sync()
            return nil
        } catch let error where Self.isUnavailable(error) {
            guard let offline = offlineCopy(error) else { throw error }
            return offline
        }
    }

    /// `tagCounts()` after a `refresh()`: the counts are never read from a copy older than the server's state when
    /// the server can be reached; when it cannot, they come from the copy and say so.
    public func refreshedTagCounts() async throws -> LibraryRead<[TagCount]> {
        guard let cache, cache.holdsCopy else { return LibraryRead(try await tagCounts()) }
        guard let offline = try await refresh() else { return LibraryRead(try await tagCounts()) }
        return LibraryRead(TagCount.counted(try cache.bookmarks(archived: false)), offline: offline)
    }

    /// The filter's first page from the local copy: linkding's search language evaluated here (strict tag mode,
    /// linkding's default), the unread filter, the sort and the limit. Nil without a cache or when it cannot be read.
    public func copiedPage(_ filter: LibraryFilter) -> LibraryPage? {
        guard let cache else { return nil }
        let query = filter.listQuery
        let all: [Bookmark]
        do {
            all = try cache.bookmarks(archived: filter.archived)
        } catch {
            reportCacheFailure(error)
            return nil
        }
        // A search that does not parse finds nothing, as on linkding.
        guard let expression = SearchQuery.parse(query.search) else { return LibraryPage(bookmarks: [], count: 0, next: nil) }
        let matching = all.filter { bookmark in
            (query.unread.map { bookmark.unread == $0 } ?? true) && expression.matches(bookmark, tagSearch: .strict)
        }
        let sorted = Self.sorted(matching, by: filter.sort)
        return LibraryPage(bookmarks: Array(sorted.prefix(max(1, filter.limit))), count: matching.count, next: nil)
    }

    /// The notice for reading the copy after `error`, or nil when there is no copy (no cache, or one that was never
    /// synced and holds nothing).
    private func offlineCopy(_ error: any Error) -> OfflineCopy? {
        guard let cache else { return nil }
        do {
            let state = try cache.syncState()
            if state == nil {
                let counts = try cache.counts()
                guard counts.live + counts.archived > 0 else { return nil }
            }
            return OfflineCopy(syncedAt: state?.lastSync, reason: Self.describe(error))
        } catch {
            reportCacheFailure(error)
            return nil
        }
    }

    private func cachedBookmark(id: Int) -> Bookmark? {
        guard let cache else { return nil }
        do {
            return try cache.bookmark(id: id)
        } catch {
            reportCacheFailure(error)
            return nil
        }
    }
}
