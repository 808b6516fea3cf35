import Foundation
import MarksCore
import SQLiteDatabase

/// Runs one list request inside a read transaction: scope and filters, the search (`q`) and the bundle as a
/// `SearchPlan` — driven by the word and tag indexes when they can enumerate the matches, row by row otherwise,
/// in memory when it nests too deeply for SQLite's parser — then `count` and one page in the requested sort. A list
/// filtered by nothing but its archive state (and the unread flag) takes its `count` from `store_counts`.
struct BookmarkListRunner {
    let query: BookmarkListQuery
    let scope: BookmarkScope
    let tagSearch: TagSearchMode
    /// Run the search as linkding's LIKE scan instead of the indexed plan (a baseline).
    var scan = false
    /// Where counts are remembered while nothing is written (none: every count is made).
    var counts: MatchMemo?

    /// One list's page; `countsDamaged` when `store_counts` could not be trusted (the rows were counted instead).
    struct Outcome {
        var page: CountedResults<Bookmark>
        var countsDamaged = false
    }

    func run(_ db: Connection) throws -> Outcome {
        let nothing = Outcome(page: CountedResults<Bookmark>(count: 0, results: []))
        guard let search = SearchQuery.parse(query.search) else { return nothing }
        if let problem = SearchQuery.budgetProblem(search) { throw BookmarkStoreError.invalid(["q": [problem.message]]) }
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

        let planner = try SearchPlanner(for: [search], tagSearch: tagSearch, scope: scope, db)
        guard planner.rowCheckedWords <= SearchPlanner.maxRowCheckedWords else {
            throw BookmarkStoreError.invalid(["q": [Self.tooManyRowCheckedWords]])
        }
        var plans = [planner.plan(search)]
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
            return Outcome(page: CountedResults(count: ids.count, results: try BookmarkRows.load(ids: page, db)))
        }

        let page: (count: Int, ids: [Int])
        var countsDamaged = false
        if !scan, plan.truth == .depends, let candidates = plan.candidates {
            page = try IndexedPage(candidates: candidates, residual: plan.residual, rowCheck: plan.rowCheck, algebra: plan.algebra,
                                   estimate: plan.estimate,
                                   leaves: plan.leaves, counts: counts ?? MatchMemo.none,
                                   scope: scope, scopeCondition: scopeCondition,
                                   plainScope: scopeParts.count == 1 && scope != .shared, sort: query.sort, limit: limit,
                                   offset: offset).run(db)
        } else {
            var condition = scopeCondition
            if scan {
                var parts = [scopeCondition, LikeScan.condition(search, tagSearch: tagSearch)]
                if let bundleSearch { parts.append(LikeScan.condition(bundleSearch, tagSearch: .strict)) }
                condition = SQLFragment.joined(parts, " AND ")
            } else if plan.truth == .depends {
                condition = SQLFragment.joined([scopeCondition, plan.condition], " AND ")
            }
            var known: Int?
            if !scan, plan.truth == .always, bundle == nil, let archived = plainListArchiveState {
                known = try StoreCounts.read(db)?.count(archived: archived, unread: query.unread)
                countsDamaged = known == nil
            }
            page = try scannedPage(condition, count: known, limit: limit, offset: offset, db)
        }
        return Outcome(page: CountedResults(count: page.count, results: try BookmarkRows.load(ids: page.ids, db)),
                       countsDamaged: countsDamaged)
    }

    /// Why a search with too many words the index cannot answer is refused.
    static let tooManyRowCheckedWords = """
        This search has more than \(SearchPlanner.maxRowCheckedWords) different words the search index cannot answer \
        (short ones, or ones inside very many words), and each is checked against every bookmark; use fewer of them.
        """

    /// The archive state of a list that no filter but the unread flag narrows (its count is kept in
    /// `store_counts`); nil for the shared list and for any other filter.
    private var plainListArchiveState: Bool? {
        guard query.shared == nil, query.modifiedSince == nil, query.addedSince == nil else { return nil }
        switch scope {
        case .unarchived: return false
        case .archived: return true
        case .shared: return nil
        }
    }

    /// `count` and one page of the bookmarks meeting `condition`, row by row (no index can enumerate them); `count`
    /// is counted here unless the caller knows it.
    private func scannedPage(_ condition: SQLFragment, count known: Int?, limit: Int, offset: Int,
                             _ db: Connection) throws -> (count: Int, ids: [Int]) {
        let matching = SQLFragment("SELECT b.id FROM store_bookmarks b WHERE \(condition.sql)", condition.arguments)
        let count = try known ?? (counts ?? MatchMemo.none).count(matching, db)
        guard offset < count else { return (count, []) }
        let ids = try db.integers(
            cached: "SELECT b.id FROM store_bookmarks b WHERE \(condition.sql) ORDER BY \(Self.order(query.sort)) LIMIT ? OFFSET ?",
            condition.arguments + [SQLValue(limit), SQLValue(offset)])
        return (count, ids)
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

    /// linkding's orders; ties (which linkding leaves to the database) are broken by id in the same direction.
    static func order(_ sort: BookmarkSort) -> String {
        let title = StoreSchema.titleKey("b.")
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
