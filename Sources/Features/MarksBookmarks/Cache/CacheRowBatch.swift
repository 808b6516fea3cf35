import MarksCore
import SQLiteDatabase

/// Bookmarks made into the cache's rows ahead of the write (`BookmarkCache.upsert(_:)`), on whichever thread has
/// time: a bulk import makes its 100,000 while the store still builds its index, so the cache's transaction then only
/// binds and steps.
public struct CacheRowBatch: Sendable {
    /// Each bookmark's id and its `CacheRows.values`, in the order added.
    private(set) var rows: [(id: Int, values: [SQLValue])] = []
    /// The cache's source: the first value of every row.
    let source: String

    init(source: String) {
        self.source = source
    }

    /// How many bookmarks the batch holds.
    public var count: Int { rows.count }

    /// Adds the rows of `bookmarks`.
    public mutating func add(_ bookmarks: [Bookmark]) throws(CacheError) {
        rows.reserveCapacity(rows.count + bookmarks.count)
        do {
            for bookmark in bookmarks { rows.append((bookmark.id, try CacheRows.values(bookmark, source: source))) }
        } catch {
            throw CacheError.wrap(error)
        }
    }
}
