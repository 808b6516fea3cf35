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
        let runner = BookmarkListRunner(query: query, scope: scope, tagSearch: tagSearch, counts: matchMemo)
        let outcome = try read { db in try runner.run(db) }
        if outcome.countsDamaged { repairDamagedCounts() }
        return outcome.page
    }

    /// Whether list counts are remembered while nothing is written (on by default; benchmarks measure both).
    public func rememberCounts(_ on: Bool) {
        matchMemo.setEnabled(on)
    }

    /// The same list computed the way linkding's own query runs on SQLite: a `LIKE` scan of every row, no index.
    /// A baseline for benchmarks and a cross-check for tests; real callers use `list`.
    public func scanList(_ query: BookmarkListQuery, scope: BookmarkScope, tagSearch: TagSearchMode = .strict) throws(BookmarkStoreError) -> CountedResults<Bookmark> {
        let runner = BookmarkListRunner(query: query, scope: scope, tagSearch: tagSearch, scan: true)
        return try read { db in try runner.run(db) }.page
    }
}
