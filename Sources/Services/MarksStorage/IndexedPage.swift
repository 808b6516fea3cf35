import Foundation
import MarksCore
import SQLiteDatabase

/// `count` and one page of a search whose matches an index enumerates (`candidates`), in ONE statement that
/// evaluates the index once: the matches are materialised and counted; then either their sort keys are fetched and
/// sorted (few matches) or the date index is walked newest (or oldest) first, keeping rows among the matches, until
/// the page is full (many matches). Both branches are in the statement; the count switches one off through its LIMIT.
struct IndexedPage {
    /// A SELECT of column `id` holding every match (only bookmarks of the scope's archive state unless `shared`).
    let candidates: SQLFragment
    /// What candidates must still satisfy; nil when they are exactly the matches.
    let residual: SQLFragment?
    let scope: BookmarkScope
    let scopeCondition: SQLFragment
    /// True when the scope adds no filter to the archive state the candidates already carry.
    let plainScope: Bool
    let sort: BookmarkSort
    let limit: Int
    let offset: Int

    /// Walking one date-index entry costs about a twentieth of fetching and sorting one match (measured).
    static let walkStepsPerMatch = 20.0

    func run(_ db: Connection) throws -> (count: Int, ids: [Int]) {
        let direction = sort == .addedAsc || sort == .modifiedAsc || sort == .titleAsc ? "ASC" : "DESC"
        let page = [SQLValue(limit), SQLValue(offset)]
        let found = matches
        var sql = """
            WITH m(id) AS MATERIALIZED (\(found.sql)), c(n) AS MATERIALIZED (SELECT count(*) FROM m)
            SELECT 0 AS part, n AS v, NULL AS k FROM c
            """
        var arguments = found.arguments
        let walk = try walkPlan(db)
        if let (threshold, index) = walk {
            sql += """

                UNION ALL SELECT 1, id, k FROM (
                    SELECT b.id AS id, \(sortKey) AS k FROM store_bookmarks b INDEXED BY \(index)
                    WHERE \(scope.condition) AND b.id IN (SELECT id FROM m) ORDER BY \(BookmarkListRunner.order(sort))
                    LIMIT CASE WHEN (SELECT n FROM c) >= ? THEN ? ELSE 0 END OFFSET ?)
                """
            arguments += [SQLValue(threshold)] + page
        }
        sql += """

            UNION ALL SELECT 1, id, k FROM (
                SELECT b.id AS id, \(sortKey) AS k FROM m CROSS JOIN store_bookmarks b\(hint(forKeys: true)) ON b.id = m.id
                ORDER BY k \(direction), b.id \(direction)
                LIMIT \(walk == nil ? "?" : "CASE WHEN (SELECT n FROM c) < ? THEN ? ELSE 0 END") OFFSET ?)
            ORDER BY part, k \(direction), v \(direction)
            """
        arguments += (walk.map { [SQLValue($0.threshold)] } ?? []) + page
        let rows = try db.query(sql, arguments)
        guard let first = rows.first else { return (0, []) }
        return (try first.int(at: 1), try rows.dropFirst().map { try $0.int(at: 1) })
    }

    /// The date index to walk and the number of matches from which walking it is cheaper than sorting them all;
    /// nil when the sort has no date index (or the scope is `shared`).
    private func walkPlan(_ db: Connection) throws -> (threshold: Int, index: String)? {
        guard scope != .shared, let index = dateIndex else { return nil }
        let (end, overflow) = offset.addingReportingOverflow(limit)
        guard !overflow else { return nil }
        let total = try db.queryOne("SELECT coalesce(max(id), 0) FROM store_bookmarks").map { try $0.int(at: 0) } ?? 0
        // Walking costs end × total / count steps; sorting costs walkStepsPerMatch × count: equal at this count.
        return (Int((Double(end) * Double(total) / Self.walkStepsPerMatch).squareRoot()) + 1, index)
    }

    /// Exactly the matching ids.
    private var matches: SQLFragment {
        if plainScope, residual == nil { return candidates }
        if plainScope, let residual, !residual.readsRow {
            return SQLFragment("SELECT id FROM (\(candidates.sql)) b WHERE \(residual.sql)", candidates.arguments + residual.arguments)
        }
        let conditions = SQLFragment.joined([scopeCondition] + (residual.map { [$0] } ?? []), " AND ")
        return SQLFragment("""
            SELECT b.id AS id FROM (\(candidates.sql)) c CROSS JOIN store_bookmarks b\(hint(forKeys: false)) ON b.id = c.id \
            WHERE \(conditions.sql)
            """, candidates.arguments + conditions.arguments)
    }

    /// Probe the covering index of the state columns unless text is needed (for the residual, or for a title key).
    private func hint(forKeys: Bool) -> String {
        let needsText = forKeys ? dateIndex == nil : residual?.readsText ?? false
        return needsText ? "" : " INDEXED BY store_bookmarks_state"
    }

    private var dateIndex: String? {
        switch sort {
        case .addedAsc, .addedDesc: return "store_bookmarks_added"
        case .modifiedAsc, .modifiedDesc: return "store_bookmarks_modified"
        case .titleAsc, .titleDesc: return nil
        }
    }

    private var sortKey: String {
        switch sort {
        case .addedAsc, .addedDesc: return "b.date_added"
        case .modifiedAsc, .modifiedDesc: return "b.date_modified"
        case .titleAsc, .titleDesc: return "lower(CASE WHEN b.title <> '' THEN b.title ELSE b.url END)"
        }
    }
}
