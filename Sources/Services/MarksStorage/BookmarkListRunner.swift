import Foundation
import MarksCore
import SQLiteDatabase

/// Runs one list request inside a read transaction: scope and filters, the search (`q`, as one SQL statement
/// driven by the trigram and tag indexes, or in memory when it nests too deeply for SQLite's parser), the bundle,
/// the sort, then `count` and one page.
struct BookmarkListRunner {
    let query: BookmarkListQuery
    let scope: BookmarkScope
    let tagSearch: TagSearchMode
    /// Run the search as linkding's LIKE scan instead of the indexed plan (a baseline).
    var scan = false

    func run(_ db: Connection) throws -> CountedResults<Bookmark> {
        let nothing = CountedResults<Bookmark>(count: 0, results: [])
        guard let search = SearchQuery.parse(query.search) else { return nothing }
        let bundle = try query.bundle.flatMap { try BundleRows.load(id: $0, db) }
        let bundleSearch = bundle?.searchExpression
        let leaves = SearchPlanner.leafCount(search) + (bundleSearch.map { SearchPlanner.leafCount($0) } ?? 0)
        guard leaves <= SearchPlanner.maxLeaves else { return nothing }

        var scopeParts = [SQLFragment(scope.condition)]
        if let unread = query.unread { scopeParts.append(SQLFragment("b.unread = ?", [SQLValue(unread)])) }
        if let shared = query.shared { scopeParts.append(SQLFragment("b.shared = ?", [SQLValue(shared)])) }
        if let shared = bundle?.filterShared.flag { scopeParts.append(SQLFragment("b.shared = ?", [SQLValue(shared)])) }
        if let since = query.modifiedSince {
            scopeParts.append(SQLFragment("b.date_modified > ?", [SQLValue(StoreTime.micros(since))]))
        }
        if let since = query.addedSince { scopeParts.append(SQLFragment("b.date_added > ?", [SQLValue(StoreTime.micros(since))])) }
        let scopeCondition = SQLFragment.joined(scopeParts, " AND ")

        var plans = [try SearchPlanner(for: [search], tagSearch: tagSearch, scope: scope, db).plan(search)]
        if let bundleSearch {
            plans.append(try SearchPlanner(for: [bundleSearch], tagSearch: .strict, scope: scope, db).plan(bundleSearch))
        }
        let plan = SearchPlan.all(plans)
        guard plan.truth != .never else { return nothing }

        let limit = BookmarkStore.pageLimit(query.limit)
        let offset = max(0, query.offset)
        guard plan.depth <= SearchPlanner.maxDepth else {
            let ids = try matchingInMemory(search: search, bundle: bundleSearch, scope: scopeCondition, db)
            let start = min(offset, ids.count)
            let page = Array(ids[start..<(start + min(limit, ids.count - start))])
            return CountedResults(count: ids.count, results: try BookmarkRows.load(ids: page, db))
        }

        var (from, condition) = source(plan, scope: scopeCondition)
        var countSQL = SQLFragment("SELECT count(*) FROM \(from.sql) WHERE \(condition.sql)", from.arguments + condition.arguments)
        if scan {
            from = SQLFragment("store_bookmarks b")
            var parts = [scopeCondition, LikeScan.condition(search, tagSearch: tagSearch)]
            if let bundleSearch { parts.append(LikeScan.condition(bundleSearch, tagSearch: .strict)) }
            condition = SQLFragment.joined(parts, " AND ")
            countSQL = SQLFragment("SELECT count(*) FROM store_bookmarks b WHERE \(condition.sql)", condition.arguments)
        } else if let candidates = plan.candidates, plan.truth == .depends, plan.residual == nil, scope != .shared,
                  scopeParts.count == 1 {
            // The candidates are exactly the matches in this archive state: count them inside their index.
            countSQL = SQLFragment("SELECT count(*) FROM (\(candidates.sql))", candidates.arguments)
        }
        let count = try db.queryOne(countSQL.sql, countSQL.arguments).map { try $0.int(at: 0) } ?? 0
        guard offset < count else { return CountedResults(count: count, results: []) }
        let order = Self.order(query.sort)
        if !scan, let candidates = plan.candidates, plan.truth == .depends, let index = Self.dateIndex(query.sort),
           scope != .shared, try isDense(count: count, limit: limit, offset: offset, db) {
            // Many matches: walk the date index newest first and stop after one page.
            from = SQLFragment("store_bookmarks b INDEXED BY \(index)")
            condition = SQLFragment.joined(
                [scopeCondition, SQLFragment("b.id IN (\(candidates.sql))", candidates.arguments)] + (plan.residual.map { [$0] } ?? []),
                " AND ")
        }
        let rows = try db.query("SELECT b.id FROM \(from.sql) WHERE \(condition.sql) ORDER BY \(order) LIMIT ? OFFSET ?",
                                from.arguments + condition.arguments + [SQLValue(limit), SQLValue(offset)])
        return CountedResults(count: count, results: try BookmarkRows.load(ids: try rows.map { try $0.int(at: 0) }, db))
    }

    /// True when walking the date index to the end of the page visits fewer rows than sorting every match costs
    /// (a probe of a candidate costs about four index steps). The table's largest id stands in for its size.
    private func isDense(count: Int, limit: Int, offset: Int, _ db: Connection) throws -> Bool {
        let total = try db.queryOne("SELECT coalesce(max(id), 0) FROM store_bookmarks").map { try $0.int(at: 0) } ?? 0
        let (end, overflow) = offset.addingReportingOverflow(limit)
        guard !overflow, count > 0 else { return false }
        return Double(end) * Double(total) / Double(count) <= 4 * Double(count)
    }

    /// The index that yields rows in this sort's order, when there is one.
    private static func dateIndex(_ sort: BookmarkSort) -> String? {
        switch sort {
        case .addedDesc, .addedAsc: return "store_bookmarks_added"
        case .modifiedDesc, .modifiedAsc: return "store_bookmarks_modified"
        case .titleAsc, .titleDesc: return nil
        }
    }

    /// The FROM clause and WHERE condition for a plan: driven by its candidates when it has some, otherwise a scan.
    private func source(_ plan: SearchPlan, scope: SQLFragment) -> (from: SQLFragment, condition: SQLFragment) {
        let table = SQLFragment("store_bookmarks b")
        guard plan.truth == .depends else { return (table, scope) }
        guard let candidates = plan.candidates else {
            return (table, SQLFragment.joined([scope, plan.condition], " AND "))
        }
        let needsRow = (plan.residual?.readsText ?? false) || Self.sortsByTitle(query.sort)
        let hint = needsRow ? "" : " INDEXED BY store_bookmarks_state"
        let from = SQLFragment("(\(candidates.sql)) m CROSS JOIN store_bookmarks b\(hint) ON b.id = m.id", candidates.arguments)
        return (from, plan.residual.map { SQLFragment.joined([scope, $0], " AND ") } ?? scope)
    }

    /// Ids of the bookmarks in scope that match, in list order, decided by the reference evaluator.
    private func matchingInMemory(search: SearchExpression, bundle: SearchExpression?, scope: SQLFragment,
                                  _ db: Connection) throws -> [Int] {
        var tags: [Int: [String]] = [:]
        for row in try db.query("SELECT bt.bookmark_id, t.name FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id") {
            tags[try row.int(at: 0), default: []].append(try row.string(at: 1))
        }
        let rows = try db.query("""
            SELECT b.id, b.url, b.title, b.description, b.notes, b.unread FROM store_bookmarks b
            WHERE \(scope.sql) ORDER BY \(Self.order(query.sort))
            """, scope.arguments)
        let epoch = Date(timeIntervalSince1970: 0)
        var ids: [Int] = []
        for row in rows {
            let id = try row.int(at: 0)
            let bookmark = Bookmark(
                id: id, url: try row.string(at: 1), title: try row.string(at: 2), description: try row.string(at: 3),
                notes: try row.string(at: 4), unread: try row.bool(at: 5), tagNames: tags[id, default: []],
                dateAdded: epoch, dateModified: epoch)
            if search.matches(bookmark, tagSearch: tagSearch), bundle?.matches(bookmark, tagSearch: .strict) ?? true {
                ids.append(id)
            }
        }
        return ids
    }

    private static func sortsByTitle(_ sort: BookmarkSort) -> Bool {
        sort == .titleAsc || sort == .titleDesc
    }

    /// linkding's orders; ties (which linkding leaves to the database) are broken by id in the same direction.
    static func order(_ sort: BookmarkSort) -> String {
        let title = "lower(CASE WHEN b.title <> '' THEN b.title ELSE b.url END)"
        switch sort {
        case .addedDesc: return "b.date_added DESC, b.id DESC"
        case .addedAsc: return "b.date_added ASC, b.id ASC"
        case .modifiedDesc: return "b.date_modified DESC, b.id DESC"
        case .modifiedAsc: return "b.date_modified ASC, b.id ASC"
        case .titleAsc: return "\(title) ASC, b.id ASC"
        case .titleDesc: return "\(title) DESC, b.id DESC"
        }
    }
}
