import Foundation
import MarksCore
import SQLiteDatabase

/// `count` and one page of a search whose matches an index enumerates (`candidates`), evaluating the index once:
/// - first the matches with their sort key, capped at the size where walking the date index becomes cheaper,
///   counted and sorted in one statement (few matches: done);
/// - past the cap, the matches are counted and the page found by walking the date index newest (or oldest) first,
///   keeping rows that are among the matches, again in one statement.
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
        let cap = try walkThreshold(db)
        let keyed = keyedMatches
        var arguments = keyed.arguments
        if let cap { arguments.append(SQLValue(cap)) }
        let direction = sort == .addedAsc || sort == .modifiedAsc || sort == .titleAsc ? "ASC" : "DESC"
        let few = try db.query("""
            WITH m(id, k) AS MATERIALIZED (\(keyed.sql)\(cap == nil ? "" : " LIMIT ?"))
            SELECT (SELECT count(*) FROM m), id FROM m ORDER BY k \(direction), id \(direction) LIMIT ? OFFSET ?
            """, arguments + [SQLValue(limit), SQLValue(offset)])
        var known: Int?
        if let first = few.first {
            let count = try first.int(at: 0)
            if cap.map({ count < $0 }) ?? true { return (count, try few.map { try $0.int(at: 1) }) }
            known = count
        } else if offset == 0 {
            return (0, [])
        }
        if known == nil {
            let count = try db.queryOne("SELECT count(*) FROM (\(matches.sql))", matches.arguments).map { try $0.int(at: 0) } ?? 0
            if cap.map({ count < $0 }) ?? true { return (count, []) }
        }
        return try walk(db)
    }

    /// Many matches: count them, and walk the date index for the page, in one statement.
    private func walk(_ db: Connection) throws -> (count: Int, ids: [Int]) {
        let index = sort == .modifiedAsc || sort == .modifiedDesc ? "store_bookmarks_modified" : "store_bookmarks_added"
        let rows = try db.query("""
            WITH m(id) AS MATERIALIZED (\(matches.sql))
            SELECT (SELECT count(*) FROM m), b.id FROM store_bookmarks b INDEXED BY \(index)
            WHERE \(scope.condition) AND b.id IN (SELECT id FROM m)
            ORDER BY \(BookmarkListRunner.order(sort)) LIMIT ? OFFSET ?
            """, matches.arguments + [SQLValue(limit), SQLValue(offset)])
        guard let first = rows.first else {
            let count = try db.queryOne("SELECT count(*) FROM (\(matches.sql))", matches.arguments).map { try $0.int(at: 0) } ?? 0
            return (count, [])
        }
        return (try first.int(at: 0), try rows.map { try $0.int(at: 1) })
    }

    /// The number of matches from which walking the date index is cheaper than sorting them all; nil when the sort
    /// has no date index to walk (or the scope is `shared`).
    private func walkThreshold(_ db: Connection) throws -> Int? {
        guard scope != .shared, sort != .titleAsc, sort != .titleDesc else { return nil }
        let (end, overflow) = offset.addingReportingOverflow(limit)
        guard !overflow else { return nil }
        let total = try db.queryOne("SELECT coalesce(max(id), 0) FROM store_bookmarks").map { try $0.int(at: 0) } ?? 0
        // Walking costs end × total / count steps; sorting costs walkStepsPerMatch × count: equal at this count.
        return Int((Double(end) * Double(total) / Self.walkStepsPerMatch).squareRoot()) + 1
    }

    /// Exactly the matching ids.
    private var matches: SQLFragment {
        guard plainScope else { return joinedMatches(key: nil) }
        guard let residual else { return candidates }
        guard !residual.readsRow else { return joinedMatches(key: nil) }
        return SQLFragment("SELECT id FROM (\(candidates.sql)) b WHERE \(residual.sql)", candidates.arguments + residual.arguments)
    }

    /// The matching ids with their sort key (`id, k`).
    private var keyedMatches: SQLFragment {
        guard plainScope, !(residual?.readsRow ?? false) else { return joinedMatches(key: sortKey) }
        let from = matches
        return SQLFragment("SELECT b.id AS id, \(sortKey) AS k FROM (\(from.sql)) c CROSS JOIN store_bookmarks b\(hint) ON b.id = c.id",
                           from.arguments)
    }

    /// Candidates joined to their bookmarks and filtered by scope and residual; with `key`, the sort key too.
    private func joinedMatches(key: String?) -> SQLFragment {
        let conditions = SQLFragment.joined([scopeCondition] + (residual.map { [$0] } ?? []), " AND ")
        return SQLFragment("""
            SELECT b.id AS id\(key.map { ", \($0) AS k" } ?? "") FROM (\(candidates.sql)) c \
            CROSS JOIN store_bookmarks b\(hint) ON b.id = c.id WHERE \(conditions.sql)
            """, candidates.arguments + conditions.arguments)
    }

    /// Probe the covering index of the state columns unless the text is needed.
    private var hint: String {
        (residual?.readsText ?? false) || sort == .titleAsc || sort == .titleDesc ? "" : " INDEXED BY store_bookmarks_state"
    }

    private var sortKey: String {
        switch sort {
        case .addedAsc, .addedDesc: return "b.date_added"
        case .modifiedAsc, .modifiedDesc: return "b.date_modified"
        case .titleAsc, .titleDesc: return "lower(CASE WHEN b.title <> '' THEN b.title ELSE b.url END)"
        }
    }
}
