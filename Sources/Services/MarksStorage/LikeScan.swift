import MarksCore
import SQLiteDatabase

/// A search as linkding's own Django query runs it on SQLite: `LIKE '%word%' ESCAPE '\'` on each text column and
/// `LIKE` on tag names, checked row by row with no index. The baseline the indexed plan is measured against, and a
/// second opinion in tests.
enum LikeScan {
    static func condition(_ expression: SearchExpression, tagSearch: TagSearchMode) -> SQLFragment {
        switch expression {
        case .term(let text):
            var word = wordCondition(text)
            if tagSearch == .lax {
                word.sql += " OR " + tagCondition
                word.arguments.append(SQLValue(escape(text)))
            }
            return word
        case .tag(let name): return SQLFragment(tagCondition, [SQLValue(escape(name))])
        case .unread: return SQLFragment("b.unread = 1", readsRow: true)
        case .untagged: return SQLFragment("NOT EXISTS (SELECT 1 FROM store_bookmark_tags bt WHERE bt.bookmark_id = b.id)")
        case .matchAll: return SQLFragment("1")
        case .and(let operands): return SQLFragment.joined(operands.map { condition($0, tagSearch: tagSearch) }, " AND ")
        case .or(let operands): return SQLFragment.joined(operands.map { condition($0, tagSearch: tagSearch) }, " OR ")
        case .not(let operand):
            var inner = condition(operand, tagSearch: tagSearch)
            inner.sql = "NOT (" + inner.sql + ")"
            return inner
        }
    }

    /// One word in any of the four text columns (`LIKE` folds ASCII case only, as linkding's SQLite does).
    static func wordCondition(_ text: String) -> SQLFragment {
        let pattern = SQLValue("%" + escape(text) + "%")
        let sql = ["b.title", "b.description", "b.notes", "b.url"].map { "\($0) LIKE ? ESCAPE '\\'" }.joined(separator: " OR ")
        return SQLFragment(sql, Array(repeating: pattern, count: 4), readsText: true)
    }

    private static let tagCondition = """
        EXISTS (SELECT 1 FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id \
        WHERE bt.bookmark_id = b.id AND t.name LIKE ? ESCAPE '\\')
        """

    /// Django's escaping for `LIKE … ESCAPE '\'`.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}
