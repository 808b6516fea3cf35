import Foundation
import MarksCore
import SQLiteDatabase

/// `count` and one page of a search whose matches an index enumerates (`candidates`), by the cheapest of three ways:
/// - most bookmarks match (and the plan has a `rowCheck`): SQLite counts the matches, and the date index is walked in
///   list order checking each row until the page is full — a few hundred rows for the first page;
/// - many match: the matching ids are read once (a lean loop, no row objects) and counted, and the date index is
///   walked keeping the ids among them;
/// - few match, or the order has no index: the ids are read, and their sort keys are read and sorted.
struct IndexedPage {
    /// A SELECT of column `id` holding every match (only bookmarks of the scope's archive state unless `shared`).
    let candidates: SQLFragment
    /// What candidates must still satisfy; nil when they are exactly the matches.
    let residual: SQLFragment?
    /// The whole search checked on one row, when it can be (`SearchPlan.rowCheck`).
    let rowCheck: SQLFragment?
    /// The matches as set algebra, when the plan is an `and` of exact indexed parts (`SearchPlan.algebra`).
    let algebra: IDSetAlgebra?
    /// About how many bookmarks match (`SearchPlan.estimate`).
    let estimate: Int
    /// The plan's leaves: each is one more check per row on a walk.
    let leaves: Int
    /// Where counts and short id lists are remembered while nothing is written.
    let counts: MatchMemo
    let scope: BookmarkScope
    let scopeCondition: SQLFragment
    /// True when the scope adds no filter to the archive state the candidates already carry.
    let plainScope: Bool
    let sort: BookmarkSort
    let limit: Int
    let offset: Int

    /// Walking one date-index entry costs about a twentieth of reading and sorting one match's key (measured).
    static let walkStepsPerMatch = 20.0
    /// Checking one leaf on a row on the walk costs about as much as reading this many matching ids (measured: ~0.6 µs
    /// vs 0.1).
    static let readsPerRowCheck = 6.0
    /// Up to this many matches, their keys are read one by one and sorted here; more are sorted by SQLite.
    static let sortHereUpTo = 4_000

    func run(_ db: Connection) throws -> (count: Int, ids: [Int]) {
        let found = matches
        let total = try db.queryOne(cached: "SELECT coalesce(max(id), 0) FROM store_bookmarks").map { try $0.int(at: 0) } ?? 0
        if scope != .shared, let rowCheck, let threshold = rowWalkThreshold(total: total),
           estimate >= threshold {
            let counted = try counts.count(found, db)
            guard offset < counted else { return (counted, []) }
            if counted >= threshold { return (counted, try walk(orderIndex, checking: rowCheck, db)) }
        }
        let walkable = walkPlan(total: total)
        // Few matches expected: read each one's sort key with its id (one pass); otherwise the ids alone.
        let merged = plainScope ? algebra : nil
        let withKeys = merged == nil && estimate < min(walkable?.threshold ?? Int.max, Self.sortHereUpTo)
        var ids: [Int] = []
        var keys: [SortKey] = []
        if withKeys {
            (ids, keys) = try idsAndKeys(SQLFragment("SELECT m.id, \(sortKey) FROM (\(found.sql)) m CROSS JOIN store_bookmarks b\(keyHint) ON b.id = m.id",
                                                     found.arguments), db)
        } else if let merged {
            ids = try counts.ids(merged.key, db) { try merged.ids(db) }
        } else if let keyed = keyedMatches {
            // The matches are found by reading each row: its date comes along, and sorting the dates here beats
            // walking the date index for them (the ids alone are what is remembered for a repeat).
            var read: [SortKey]?
            ids = try counts.ids(found, db) {
                let (matched, dates) = try idsAndKeys(keyed, db)
                read = dates
                return matched
            }
            if let read, ids.count <= Self.sortHereUpTo {
                return (ids.count, offset < ids.count ? sortedHere(ids, keys: read) : [])
            }
        } else {
            ids = try counts.ids(found, db)
        }
        guard offset < ids.count else { return (ids.count, []) }
        if let (threshold, index) = walkable, ids.count >= threshold {
            return (ids.count, try walk(index, among: ids, db))
        }
        if ids.count <= Self.sortHereUpTo {
            return (ids.count, sortedHere(ids, keys: withKeys ? keys : try readKeys(ids, db)))
        }
        return (ids.count, try sortedBySQLite(found, db))
    }

    /// The ids and sort keys `query` (a SELECT of an id and a sort key) gives.
    private func idsAndKeys(_ query: SQLFragment, _ db: Connection) throws -> ([Int], [SortKey]) {
        try db.withStatement(cached: query.sql) { statement in
            try statement.bind(query.arguments)
            var ids: [Int] = []
            var keys: [SortKey] = []
            while try statement.advance() {
                ids.append(Int(statement.integer(at: 0)))
                keys.append(key(statement, column: 1))
            }
            return (ids, keys)
        }
    }

    /// The page, walking `index` in list order and checking each row.
    private func walk(_ index: String, checking rowCheck: SQLFragment, _ db: Connection) throws -> [Int] {
        let condition = SQLFragment.joined([scopeCondition, rowCheck], " AND ")
        return try db.integers(cached: """
            SELECT b.id FROM store_bookmarks b INDEXED BY \(index) WHERE \(condition.sql)
            ORDER BY \(BookmarkListRunner.order(sort)) LIMIT ? OFFSET ?
            """, condition.arguments + [SQLValue(limit), SQLValue(offset)])
    }

    /// The page, walking `index` in list order and keeping the ids among `matches`.
    private func walk(_ index: String, among matches: [Int], _ db: Connection) throws -> [Int] {
        var members = IDSet(capacity: matches.max() ?? 0)
        for id in matches { members.insert(id) }
        return try db.withStatement(cached: """
            SELECT b.id FROM store_bookmarks b INDEXED BY \(index) WHERE \(scope.condition)
            ORDER BY \(BookmarkListRunner.order(sort))
            """) { statement in
            var skipped = 0
            var page: [Int] = []
            page.reserveCapacity(limit)
            while page.count < limit, let next = try statement.nextInteger() {
                let id = Int(next)
                guard members.contains(id) else { continue }
                if skipped < offset { skipped += 1 } else { page.append(id) }
            }
            return page
        }
    }

    /// The sort keys of `ids`, read one by one.
    private func readKeys(_ ids: [Int], _ db: Connection) throws -> [SortKey] {
        try db.withStatement(cached: "SELECT \(sortKey) FROM store_bookmarks b WHERE b.id = ?") { statement in
            try ids.map { id in
                try statement.bind([SQLValue(id)])
                return try statement.advance() ? key(statement, column: 0) : .number(0)
            }
        }
    }

    /// The page of `ids` sorted here by `keys` (the same order as `BookmarkListRunner.order`: the key, then the id,
    /// both in the sort's direction; text keys compare as bytes, as SQLite's BINARY collation does).
    private func sortedHere(_ ids: [Int], keys: [SortKey]) -> [Int] {
        var order = Array(ids.indices)
        let ascending = isAscending
        order.sort { left, right in
            if keys[left] != keys[right] { return ascending ? keys[left] < keys[right] : keys[right] < keys[left] }
            return ascending ? ids[left] < ids[right] : ids[right] < ids[left]
        }
        let end = min(order.count, offset + limit)
        return offset < end ? order[offset..<end].map { ids[$0] } : []
    }

    private func key(_ statement: Statement, column: Int32) -> SortKey {
        dateIndex == nil ? .bytes(statement.bytes(at: column)) : .number(statement.integer(at: column))
    }

    /// The state columns' covering index is enough for a date key.
    private var keyHint: String { dateIndex == nil ? "" : " INDEXED BY store_bookmarks_state" }

    /// The page sorted by SQLite over the matches (evaluated again: this is for many matches in an order no index
    /// keeps, where the sort dominates).
    private func sortedBySQLite(_ found: SQLFragment, _ db: Connection) throws -> [Int] {
        try db.integers(cached: """
            SELECT b.id FROM (\(found.sql)) m CROSS JOIN store_bookmarks b ON b.id = m.id
            ORDER BY \(BookmarkListRunner.order(sort)) LIMIT ? OFFSET ?
            """, found.arguments + [SQLValue(limit), SQLValue(offset)])
    }

    /// The date index to walk and the number of matches from which walking it is cheaper than sorting them all;
    /// nil when the sort has no date index (or the scope is `shared`). `total` is the largest bookmark id.
    private func walkPlan(total: Int) -> (threshold: Int, index: String)? {
        guard scope != .shared else { return nil }
        let index = orderIndex
        let (end, overflow) = offset.addingReportingOverflow(limit)
        guard !overflow else { return nil }
        // Walking costs end × total / count steps; sorting costs walkStepsPerMatch × count: equal at this count.
        return (Int((Double(end) * Double(total) / Self.walkStepsPerMatch).squareRoot()) + 1, index)
    }

    /// The number of matches from which checking rows on a walk is cheaper than reading the matching ids: checking
    /// costs end × total / count rows of `leaves` checks each, reading costs count / readsPerRowCheck of them.
    private func rowWalkThreshold(total: Int) -> Int? {
        let (end, overflow) = offset.addingReportingOverflow(limit)
        guard !overflow else { return nil }
        return Int((Double(end) * Double(total) * Self.readsPerRowCheck * Double(max(1, leaves))).squareRoot()) + 1
    }

    /// Exactly the matching ids.
    private var matches: SQLFragment {
        if plainScope, residual == nil { return candidates }
        if plainScope, let residual, !residual.readsRow {
            return SQLFragment("SELECT id FROM (\(candidates.sql)) b WHERE \(residual.sql)", candidates.arguments + residual.arguments)
        }
        return joinedMatches(columns: "b.id AS id")
    }

    /// The matching ids with their dates, when finding them reads each whole row anyway (a residual reading the text)
    /// and the order is by a date; nil otherwise.
    private var keyedMatches: SQLFragment? {
        guard dateIndex != nil, residual?.readsText == true else { return nil }
        return joinedMatches(columns: "b.id, \(sortKey)")
    }

    /// `columns` of the candidates' rows that satisfy the scope and the residual.
    private func joinedMatches(columns: String) -> SQLFragment {
        let conditions = SQLFragment.joined([scopeCondition] + (residual.map { [$0] } ?? []), " AND ")
        let hint = residual?.readsText ?? false ? "" : " INDEXED BY store_bookmarks_state"
        return SQLFragment("""
            SELECT \(columns) FROM (\(candidates.sql)) c CROSS JOIN store_bookmarks b\(hint) ON b.id = c.id \
            WHERE \(conditions.sql)
            """, candidates.arguments + conditions.arguments)
    }

    private var isAscending: Bool { sort == .addedAsc || sort == .modifiedAsc || sort == .titleAsc }

    /// The index whose order is the list's (archive state first): a date index, or the title index (migration 7).
    private var orderIndex: String {
        dateIndex ?? StoreSchema.titleIndex
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
        case .titleAsc, .titleDesc: return StoreSchema.titleKey("b.")
        }
    }

    /// A sort key read from a row: a date, or a title's bytes.
    private enum SortKey: Comparable {
        case number(Int64)
        case bytes([UInt8])

        static func < (left: SortKey, right: SortKey) -> Bool {
            switch (left, right) {
            case (.number(let a), .number(let b)): return a < b
            case (.bytes(let a), .bytes(let b)): return a.lexicographicallyPrecedes(b)
            case (.number, .bytes): return true  // SQLite orders numbers before text
            case (.bytes, .number): return false
            }
        }
    }

    /// A set of bookmark ids as bits.
    private struct IDSet {
        private var words: [UInt64]

        init(capacity largest: Int) {
            words = Array(repeating: 0, count: max(0, largest) / 64 + 1)
        }

        mutating func insert(_ id: Int) {
            guard id >= 0 else { return }
            words[id >> 6] |= 1 << UInt64(id & 63)
        }

        func contains(_ id: Int) -> Bool {
            guard id >= 0, id >> 6 < words.count else { return false }
            return words[id >> 6] & (1 << UInt64(id & 63)) != 0
        }
    }
}
