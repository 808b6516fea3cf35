import MarksCore
import SQLiteDatabase

/// Translates a search expression into a `SearchPlan` with the meaning of `SearchExpression.matches`:
/// - a word of three or more characters is a phrase MATCH on the trigram index (exact, see `StoreSchema`); a shorter
///   one (or one holding NUL) is `instr(lower(column), word)` on each text column;
/// - `#tag` is the join table probed by tag id (tag ids and usage counts are looked up first: a tag that does not
///   exist matches nothing);
/// - `and` drives from its smallest indexed part and checks the rest row by row; `or` unions indexed parts.
struct SearchPlanner {
    /// Queries with more leaves than this match nothing (linkding itself fails on such queries).
    static let maxLeaves = 256
    /// Plans nested deeper than this are evaluated in memory instead (SQLite's parser stack is small).
    static let maxDepth = 8
    /// The guessed size of a word's trigram matches (tags have exact counts).
    static let termEstimate = 2_000

    private struct TagInfo {
        let id: Int
        let uses: Int
    }

    private let tagSearch: TagSearchMode
    private let scope: BookmarkScope
    private let tags: [String: TagInfo]

    /// A planner for `expressions` in `tagSearch` mode over `scope`; looks up the tags they name on `db`.
    /// Candidate sets it builds hold only bookmarks of the scope's archive state (all of them for `shared`).
    init(for expressions: [SearchExpression], tagSearch: TagSearchMode, scope: BookmarkScope, _ db: Connection) throws {
        self.tagSearch = tagSearch
        self.scope = scope
        var names = Set<String>()
        for expression in expressions { Self.collectTagNames(expression, lax: tagSearch == .lax, into: &names) }
        var tags: [String: TagInfo] = [:]
        for name in names {
            let row = try db.queryOne("""
                SELECT t.id, (SELECT count(*) FROM store_bookmark_tags bt WHERE bt.tag_id = t.id\(Self.archivedFilter(scope, "bt.")))
                FROM store_tags t WHERE t.name_folded = ?
                """, [SQLValue(name)])
            if let row { tags[name] = TagInfo(id: try row.int(at: 0), uses: try row.int(at: 1)) }
        }
        self.tags = tags
    }

    /// The plan of one expression.
    func plan(_ expression: SearchExpression) -> SearchPlan {
        switch expression {
        case .term(let text): return term(text)
        case .tag(let name): return tag(ASCIICaseFolding.fold(name))
        case .unread: return .filter(SQLFragment("b.unread = 1", readsRow: true))
        case .untagged: return .filter(SQLFragment("NOT EXISTS (SELECT 1 FROM store_bookmark_tags bt WHERE bt.bookmark_id = b.id)"))
        case .matchAll: return .always
        case .and(let operands):
            let (merged, rest) = mergedFullText(operands, conjunction: true)
            return .all((merged.map { [$0] } ?? []) + rest.map(plan))
        case .or(let operands):
            let (merged, rest) = mergedFullText(operands, conjunction: false)
            return .any((merged.map { [$0] } ?? []) + rest.map(plan))
        case .not(let operand): return .negation(plan(operand))
        }
    }

    private func term(_ text: String) -> SearchPlan {
        let folded = ASCIICaseFolding.fold(text)
        guard !folded.isEmpty else { return .always }
        let words = wordPlan(folded)
        guard tagSearch == .lax else { return words }
        let tagged = tag(folded)
        return tagged.truth == .never ? words : .any([words, tagged])
    }

    private func wordPlan(_ folded: String) -> SearchPlan {
        let scalars = folded.unicodeScalars
        guard scalars.count >= 3, !scalars.contains("\u{0}") else {
            let columns = ["b.title", "b.description", "b.notes", "b.url"]
            return .filter(SQLFragment(
                columns.map { "instr(lower(\($0)), ?) > 0" }.joined(separator: " OR "),
                Array(repeating: SQLValue(folded), count: columns.count), readsText: true))
        }
        return fullTextPlan(Self.phrase(folded), leaves: 1)
    }

    /// An FTS5 phrase: the folded word in double quotes, quotes inside doubled.
    private static func phrase(_ folded: String) -> String {
        "\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// True when a word is searched on the trigram index alone (three characters or more, no NUL, and in lax mode no
    /// tag of that name).
    private func isFullTextWord(_ text: String) -> Bool {
        let folded = ASCIICaseFolding.fold(text)
        let scalars = folded.unicodeScalars
        return scalars.count >= 3 && !scalars.contains("\u{0}") && (tagSearch == .strict || tags[folded] == nil)
    }

    /// The FTS5 query with the meaning of `expression` when the trigram index alone can answer it: words, and `and`/`or`
    /// of such (an `and` may subtract negated ones with FTS5's NOT). Nil otherwise.
    private func fullTextQuery(_ expression: SearchExpression) -> String? {
        switch expression {
        case .term(let text):
            return isFullTextWord(text) ? Self.phrase(ASCIICaseFolding.fold(text)) : nil
        case .or(let operands):
            let parts = operands.compactMap(fullTextQuery)
            return parts.count == operands.count ? parts.map { "(\($0))" }.joined(separator: " OR ") : nil
        case .and(let operands):
            var positive: [String] = []
            var negative: [String] = []
            for operand in operands {
                if case .not(let inner) = operand, let query = fullTextQuery(inner) {
                    negative.append(query)
                } else if let query = fullTextQuery(operand) {
                    positive.append(query)
                } else {
                    return nil
                }
            }
            guard !positive.isEmpty else { return nil }
            // FTS5's AND and NOT are left-associative: one flat chain, `(p1) AND (p2) NOT (n1) NOT (n2)`.
            return positive.map { "(\($0))" }.joined(separator: " AND ") + negative.map { " NOT (\($0))" }.joined()
        case .not, .tag, .unread, .untagged, .matchAll:
            return nil
        }
    }

    /// Splits operands into one merged trigram-index plan (when two or more can share one FTS5 query) and the rest.
    private func mergedFullText(_ operands: [SearchExpression], conjunction: Bool) -> (SearchPlan?, [SearchExpression]) {
        var merged: [SearchExpression] = []
        var rest: [SearchExpression] = []
        for operand in operands {
            let inner: SearchExpression
            if conjunction, case .not(let negated) = operand { inner = negated } else { inner = operand }
            if fullTextQuery(inner) != nil { merged.append(operand) } else { rest.append(operand) }
        }
        let expression: SearchExpression = conjunction ? .and(merged) : .or(merged)
        guard merged.count > 1, let query = fullTextQuery(expression) else { return (nil, operands) }
        var plan = fullTextPlan(query, leaves: merged.reduce(0) { $0 + Self.leafCount($1) })
        plan.depth = Self.depth(expression)
        return (plan, rest)
    }

    /// The plan of an FTS5 query over the scope's bookmarks (exact: the index decides every match).
    private func fullTextPlan(_ query: String, leaves: Int) -> SearchPlan {
        let phrase = SQLValue(query)
        let matches: String
        switch scope {
        case .unarchived: matches = "SELECT rowid AS id FROM store_bookmarks_fts WHERE store_bookmarks_fts MATCH ? AND rowid > 0"
        case .archived: matches = "SELECT -rowid AS id FROM store_bookmarks_fts WHERE store_bookmarks_fts MATCH ? AND rowid < 0"
        case .shared: matches = "SELECT abs(rowid) AS id FROM store_bookmarks_fts WHERE store_bookmarks_fts MATCH ?"
        }
        var plan = SearchPlan.indexed(SQLFragment("b.id IN (\(matches))", [phrase]), candidates: SQLFragment(matches, [phrase]),
                                      estimate: Self.termEstimate)
        plan.leaves = leaves
        return plan
    }

    private func tag(_ folded: String) -> SearchPlan {
        guard let info = tags[folded] else { return .never }
        let id = SQLValue(info.id)
        return .indexed(
            SQLFragment("EXISTS (SELECT 1 FROM store_bookmark_tags bt WHERE bt.bookmark_id = b.id AND bt.tag_id = ?)", [id]),
            candidates: SQLFragment("SELECT bookmark_id AS id FROM store_bookmark_tags WHERE tag_id = ?\(Self.archivedFilter(scope, ""))", [id]),
            estimate: info.uses)
    }

    /// The join-table condition restricting to the scope's archive state.
    private static func archivedFilter(_ scope: BookmarkScope, _ prefix: String) -> String {
        switch scope {
        case .unarchived: return " AND \(prefix)archived = 0"
        case .archived: return " AND \(prefix)archived = 1"
        case .shared: return ""
        }
    }

    /// The nesting of `expression` (a leaf is 1); FTS5's parser, like SQLite's, has a small stack.
    static func depth(_ expression: SearchExpression) -> Int {
        switch expression {
        case .term, .tag, .unread, .untagged, .matchAll: return 1
        case .not(let operand): return 1 + depth(operand)
        case .and(let operands), .or(let operands): return 1 + (operands.map(depth).max() ?? 0)
        }
    }

    /// The number of leaves of `expression`, counting no further than `limit + 1`.
    static func leafCount(_ expression: SearchExpression, limit: Int = maxLeaves) -> Int {
        switch expression {
        case .term, .tag, .unread, .untagged, .matchAll: return 1
        case .not(let operand): return leafCount(operand, limit: limit)
        case .and(let operands), .or(let operands):
            var total = 0
            for operand in operands {
                total += leafCount(operand, limit: limit - total)
                if total > limit { break }
            }
            return total
        }
    }

    private static func collectTagNames(_ expression: SearchExpression, lax: Bool, into names: inout Set<String>) {
        switch expression {
        case .tag(let name): names.insert(ASCIICaseFolding.fold(name))
        case .term(let text) where lax && !text.isEmpty: names.insert(ASCIICaseFolding.fold(text))
        case .and(let operands), .or(let operands):
            for operand in operands { collectTagNames(operand, lax: lax, into: &names) }
        case .not(let operand): collectTagNames(operand, lax: lax, into: &names)
        case .term, .unread, .untagged, .matchAll: break
        }
    }
}
