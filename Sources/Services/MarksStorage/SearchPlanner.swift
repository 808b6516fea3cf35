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
        case .unread: return .filter(SQLFragment("b.unread = 1"))
        case .untagged: return .filter(SQLFragment("NOT EXISTS (SELECT 1 FROM store_bookmark_tags bt WHERE bt.bookmark_id = b.id)"))
        case .matchAll: return .always
        case .and(let operands): return .all(operands.map(plan))
        case .or(let operands): return .any(operands.map(plan))
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
        let phrase = SQLValue("\"" + folded.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
        let matches: String
        switch scope {
        case .unarchived: matches = "SELECT rowid AS id FROM store_bookmarks_fts WHERE store_bookmarks_fts MATCH ? AND rowid > 0"
        case .archived: matches = "SELECT -rowid AS id FROM store_bookmarks_fts WHERE store_bookmarks_fts MATCH ? AND rowid < 0"
        case .shared: matches = "SELECT abs(rowid) AS id FROM store_bookmarks_fts WHERE store_bookmarks_fts MATCH ?"
        }
        return .indexed(SQLFragment("b.id IN (\(matches))", [phrase]), candidates: SQLFragment(matches, [phrase]),
                        estimate: Self.termEstimate)
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
