import MarksCore
import SQLiteDatabase

/// Translates a search expression into a `SearchPlan` with the meaning of `SearchExpression.matches`:
/// - a word of three or more characters made of term characters only (`WordTerms`) is a MATCH on the word index of
///   every vocabulary term containing it (exact: the word can only occur inside one term); a word holding other
///   characters takes as candidates the bookmarks holding terms that contain each of its runs of three or more
///   characters, then `contains_folded(word, columns…)` decides (`ScalarFunction.foldedContains`); a shorter word
///   (or one holding NUL, or one that too many terms contain) is that check alone;
/// - `#tag` is the join table probed by tag id (tag ids and usage counts are looked up first: a tag that does not
///   exist matches nothing);
/// - `and` drives from its smallest indexed part and checks the rest row by row; `or` unions indexed parts.
struct SearchPlanner {
    /// Queries with more leaves than this match nothing (linkding itself fails on such queries).
    static let maxLeaves = 256
    /// Plans nested deeper than this are evaluated in memory instead (SQLite's parser stack is small).
    static let maxDepth = 8
    /// The guessed size of a word's matches (tags have exact counts).
    static let termEstimate = 2_000
    /// A word contained in more vocabulary terms than this is checked row by row (its MATCH would be too long).
    static let maxTermsPerWord = 1_000
    /// A query with more different words than this that the word index cannot narrow at all (short ones, ones too many
    /// terms contain, ones without a run of three letters or digits) is refused: each is a check of every row (issue 35).
    static let maxRowCheckedWords = 16

    private struct TagInfo {
        let id: Int
        let uses: Int
    }

    private let tagSearch: TagSearchMode
    private let scope: BookmarkScope
    private let tags: [String: TagInfo]
    /// Keyed by bytes: `String` equality is canonical equivalence, and `café` and `cafe\u{301}` are different words here.
    private let words: [[UInt8]: WordLookup]
    /// The different words of the expressions that only a check of every row can decide.
    let rowCheckedWords: Int

    /// What the vocabulary says about one folded search word.
    private enum WordLookup {
        /// Exactly the bookmarks matching this FTS5 query on the word index (about `estimate` of them).
        case exact(String, estimate: Int)
        /// The matches are among this query's bookmarks (about `estimate`); the text columns decide.
        case candidates(String, estimate: Int)
        /// No bookmark can match.
        case none
        /// Only reading the rows can tell.
        case rows
    }

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
        var words: [[UInt8]: WordLookup] = [:]
        var short = Set<[UInt8]>()
        for expression in expressions { Self.collectWords(expression, into: &words, short: &short) }
        for word in words.keys { words[word] = try Self.lookUp(String(decoding: word, as: UTF8.self), db) }
        self.words = words
        rowCheckedWords = short.count + words.values.filter { lookup in
            switch lookup {
            case .rows: return true
            case .exact, .candidates, .none: return false  // a candidate word is checked only on its candidates' rows
            }
        }.count
    }

    /// The vocabulary's answer for one folded word of three or more characters (without NUL).
    private static func lookUp(_ word: String, _ db: Connection) throws -> WordLookup {
        if WordTerms.isSingleTerm(word) {
            guard let found = try WordVocabulary.terms(containing: word, limit: maxTermsPerWord, db) else { return .rows }
            return found.terms.isEmpty ? .none : .exact(WordVocabulary.anyOf(found.terms), estimate: found.bookmarks)
        }
        var parts: [String] = []
        var estimate = Int.max
        for run in Set(WordTerms.runs(of: word).map { Array($0.utf8) }).map({ String(decoding: $0, as: UTF8.self) })
            where run.unicodeScalars.count >= 3 {
            guard let found = try WordVocabulary.terms(containing: run, limit: maxTermsPerWord, db) else { continue }
            guard !found.terms.isEmpty else { return .none }
            parts.append(WordVocabulary.anyOf(found.terms))
            estimate = min(estimate, found.bookmarks)
        }
        return parts.isEmpty ? .rows : .candidates(parts.sorted().joined(separator: " AND "), estimate: estimate)
    }

    /// The folded words of three or more characters (without NUL) in `expression` into `words`, the other non-empty
    /// ones into `short`.
    private static func collectWords(_ expression: SearchExpression, into words: inout [[UInt8]: WordLookup], short: inout Set<[UInt8]>) {
        switch expression {
        case .term(let text):
            let folded = ASCIICaseFolding.fold(text)
            if folded.unicodeScalars.count >= 3, !folded.unicodeScalars.contains("\u{0}") {
                words[Array(folded.utf8)] = .rows
            } else if !folded.isEmpty {
                short.insert(Array(folded.utf8))
            }
        case .and(let operands), .or(let operands):
            for operand in operands { collectWords(operand, into: &words, short: &short) }
        case .not(let operand): collectWords(operand, into: &words, short: &short)
        case .tag, .unread, .untagged, .matchAll: break
        }
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
        let check = Self.containsCheck(folded)
        switch words[Array(folded.utf8)] ?? .rows {
        case .exact(let query, let estimate):
            var plan = fullTextPlan(query, leaves: 1, estimate: estimate)
            plan.rowCheck = check
            return plan
        case .none: return .never
        case .rows: return .filter(check)
        case .candidates(let query, let estimate):
            var plan = fullTextPlan(query, leaves: 1, estimate: estimate)
            plan.condition = check
            plan.residual = check
            plan.rowCheck = check
            return plan
        }
    }

    /// The word index's exact query for a word searched on it alone (its vocabulary lookup is exact, and in lax mode
    /// no tag has its name); nil otherwise.
    private func exactWordQuery(_ text: String) -> String? {
        let folded = ASCIICaseFolding.fold(text)
        guard case .exact(let query, _)? = words[Array(folded.utf8)], tagSearch == .strict || tags[folded] == nil else { return nil }
        return query
    }

    /// The FTS5 query with the meaning of `expression` when the word index alone can answer it: words, and `and`/`or`
    /// of such (an `and` may subtract negated ones with FTS5's NOT). Nil otherwise.
    private func fullTextQuery(_ expression: SearchExpression) -> String? {
        switch expression {
        case .term(let text):
            return exactWordQuery(text)
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

    /// Splits operands into one merged word-index plan (when two or more can share one FTS5 query) and the rest.
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
        var plan = fullTextPlan(query, leaves: merged.reduce(0) { $0 + Self.leafCount($1) }, estimate: mergedEstimate(expression))
        plan.depth = Self.depth(expression)
        plan.rowCheck = Self.wordCheck(expression)
        return (plan, rest)
    }

    /// The row check of words alone (what `fullTextQuery` accepts), each as `wordPlan` checks it.
    private static func wordCheck(_ expression: SearchExpression) -> SQLFragment {
        switch expression {
        case .term(let text): return containsCheck(ASCIICaseFolding.fold(text))
        case .and(let operands): return SQLFragment.joined(operands.map(wordCheck), " AND ")
        case .or(let operands): return SQLFragment.joined(operands.map(wordCheck), " OR ")
        case .not(let operand):
            var inner = wordCheck(operand)
            inner.sql = "NOT (" + inner.sql + ")"
            return inner
        case .tag, .unread, .untagged, .matchAll: return LikeScan.condition(expression, tagSearch: .strict)
        }
    }

    /// One call per row over the four columns, bytes read in place (`ScalarFunction.foldedContains`): the same answer
    /// as `LIKE '%word%'` on each, several times faster, and exact for a word holding NUL too.
    private static func containsCheck(_ folded: String) -> SQLFragment {
        SQLFragment("contains_folded(?, b.title, b.description, b.notes, b.url)", [SQLValue(folded)], readsText: true)
    }

    /// The plan of an FTS5 query on the word index over the scope's bookmarks (exact unless the caller adds a residual).
    /// Its condition is a membership test (`+b.id`: SQLite builds the set once and probes it, rather than driving a
    /// join from the whole match list).
    private func fullTextPlan(_ query: String, leaves: Int, estimate: Int) -> SearchPlan {
        let phrase = SQLValue(query)
        let matches: String
        switch scope {
        case .unarchived: matches = "SELECT rowid AS id FROM store_words WHERE store_words MATCH ? AND rowid > 0"
        case .archived: matches = "SELECT -rowid AS id FROM store_words WHERE store_words MATCH ? AND rowid < 0"
        case .shared: matches = "SELECT abs(rowid) AS id FROM store_words WHERE store_words MATCH ?"
        }
        var plan = SearchPlan.indexed(SQLFragment("+b.id IN (\(matches))", [phrase]), candidates: SQLFragment(matches, [phrase]),
                                      estimate: estimate)
        plan.leaves = leaves
        return plan
    }

    /// The estimate of a merged word-index query: the smallest word of an `and`, the sum of an `or`'s.
    private func mergedEstimate(_ expression: SearchExpression) -> Int {
        switch expression {
        case .term(let text):
            guard case .exact(_, let estimate)? = words[Array(ASCIICaseFolding.fold(text).utf8)] else { return Self.termEstimate }
            return estimate
        case .and(let operands):
            return operands.filter { if case .not = $0 { return false } else { return true } }.map(mergedEstimate).min()
                ?? Self.termEstimate
        case .or(let operands): return operands.map(mergedEstimate).reduce(0, +)
        case .not, .tag, .unread, .untagged, .matchAll: return Self.termEstimate
        }
    }

    private func tag(_ folded: String) -> SearchPlan {
        guard let info = tags[folded] else { return .never }
        let id = SQLValue(info.id)
        let exists = SQLFragment("EXISTS (SELECT 1 FROM store_bookmark_tags bt WHERE bt.bookmark_id = b.id AND bt.tag_id = ?)", [id])
        return .indexed(
            exists,
            candidates: SQLFragment("SELECT bookmark_id AS id FROM store_bookmark_tags WHERE tag_id = ?\(Self.archivedFilter(scope, ""))", [id]),
            estimate: info.uses, rowCheck: exists)
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
