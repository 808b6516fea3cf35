import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkStore {
    /// One page of bookmarks and the total `count` for linkding's list parameters (`q`, filters, bundle, sort,
    /// limit, offset); archived ones when `query.archived`. A search that does not parse gives zero results.
    public func list(_ query: BookmarkListQuery, tagSearch: TagSearchMode = .strict) throws(BookmarkStoreError) -> CountedResults<Bookmark> {
        try list(query, scope: query.archived ? .archived : .unarchived, tagSearch: tagSearch)
    }

    /// One page of a list in any scope (`shared` lists shared bookmarks, archived ones included).
    public func list(_ query: BookmarkListQuery, scope: BookmarkScope, tagSearch: TagSearchMode = .strict) throws(BookmarkStoreError) -> CountedResults<Bookmark> {
        let runner = BookmarkListRunner(query: query, scope: scope, tagSearch: tagSearch)
        return try read { db in try runner.run(db) }
    }
}
