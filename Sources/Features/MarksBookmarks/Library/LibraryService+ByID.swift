import MarksCore

extension LibraryService {
    /// The bookmarks with these ids, in that order, with their AI metadata: from the cache where it has them, the
    /// rest from the source one by one; ids that no longer exist are left out.
    public func bookmarks(ids: [Int]) async throws -> [Bookmark] {
        var found: [Int: Bookmark] = [:]
        if let cache {
            do {
                for bookmark in try cache.bookmarks(ids: ids) { found[bookmark.id] = bookmark }
            } catch {
                reportCacheFailure(error)
            }
        }
        for id in ids where found[id] == nil {
            do {
                found[id] = try await bookmark(id: id)
            } catch BookmarkSourceError.notFound {
                continue
            }
        }
        return ids.compactMap { found[$0] }
    }
}
