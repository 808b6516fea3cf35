/// How one search expression runs as SQL over `store_bookmarks b`.
struct SearchPlan {
    enum Truth {
        case always
        case never
        case depends
    }

    /// Constant outcomes need no SQL at all.
    var truth: Truth
    /// The exact condition over `b` (meaningful when `depends`).
    var condition: SQLFragment
    /// A SELECT of column `id` holding at least every match, enumerated from an index, when there is one.
    var candidates: SQLFragment?
    /// What rows taken from `candidates` must still satisfy; nil when the candidates are exactly the matches.
    var residual: SQLFragment?
    /// For the negation of a plan whose candidates are exact: those candidates, to subtract (`EXCEPT`) inside an `and`.
    var complement: SQLFragment?
    /// The exact condition over `b` checked on the row alone (no index subquery), when it has one: what a walk of the
    /// date index in list order checks row by row when most bookmarks match.
    var rowCheck: SQLFragment?
    /// For an `and` of exact indexed parts: the same matches as set algebra over their exact sets (`IDSetAlgebra`).
    var algebra: IDSetAlgebra?
    /// A rough size of `candidates`, to pick the smallest one to drive an `and`.
    var estimate: Int
    /// Leaf conditions (terms, tags, keywords) in the plan.
    var leaves: Int
    /// Nesting of the plan's boolean structure, which bounds the nesting of its SQL.
    var depth: Int

    static let always = SearchPlan(truth: .always, condition: SQLFragment("1"), candidates: nil, residual: nil,
                                   complement: nil, rowCheck: SQLFragment("1"), algebra: nil, estimate: 0, leaves: 1, depth: 1)
    static let never = SearchPlan(truth: .never, condition: SQLFragment("0"), candidates: nil, residual: nil,
                                  complement: nil, rowCheck: SQLFragment("0"), algebra: nil, estimate: 0, leaves: 1, depth: 1)

    /// A plan that can only be checked row by row.
    static func filter(_ condition: SQLFragment) -> SearchPlan {
        SearchPlan(truth: .depends, condition: condition, candidates: nil, residual: nil, complement: nil,
                   rowCheck: condition, algebra: nil, estimate: 0, leaves: 1, depth: 1)
    }

    /// A plan whose matches an index enumerates exactly; `rowCheck` is the same condition checked on the row, when
    /// `condition` is not already one.
    static func indexed(_ condition: SQLFragment, candidates: SQLFragment, estimate: Int, rowCheck: SQLFragment? = nil) -> SearchPlan {
        SearchPlan(truth: .depends, condition: condition, candidates: candidates, residual: nil, complement: nil,
                   rowCheck: rowCheck, algebra: nil, estimate: estimate, leaves: 1, depth: 1)
    }

    /// All of `parts` (already planned): driven by the smallest indexed part, minus (`EXCEPT`) the exact sets of
    /// negated parts, with the other parts left to check row by row.
    static func all(_ parts: [SearchPlan]) -> SearchPlan {
        if parts.contains(where: { $0.truth == .never }) { return counted(.never, parts) }
        let open = parts.filter { $0.truth == .depends }
        guard open.count > 1 else { return open.first.map { counted($0, parts) } ?? counted(.always, parts) }
        var plan = counted(SearchPlan.filter(SQLFragment.joined(open.map(\.condition), " AND ")), parts)
        plan.rowCheck = Self.joinedChecks(open, " AND ")
        let driver = open.indices.filter { open[$0].candidates != nil }.min { open[$0].estimate < open[$1].estimate }
        guard let driver, let candidates = open[driver].candidates else { return plan }
        var rest: [SQLFragment] = open[driver].residual.map { [$0] } ?? []
        var subtracted: [SQLFragment] = []
        for index in open.indices where index != driver {
            if let complement = open[index].complement {
                subtracted.append(complement)
            } else {
                rest.append(open[index].condition)
            }
        }
        // One flat compound (EXCEPT is left-associative), so many negations do not nest.
        plan.candidates = subtracted.isEmpty ? candidates : SQLFragment(
            "SELECT id FROM (\(candidates.sql))" + subtracted.map { " EXCEPT SELECT id FROM (\($0.sql))" }.joined(),
            candidates.arguments + subtracted.flatMap(\.arguments))
        plan.residual = rest.isEmpty ? nil : SQLFragment.joined(rest, " AND ")
        plan.estimate = open[driver].estimate
        let exact = open.compactMap { $0.residual == nil ? $0.candidates : nil }
        let negated = open.compactMap(\.complement)
        if exact.count > 1, exact.count + negated.count == open.count {
            plan.algebra = IDSetAlgebra(all: exact, except: negated)
        }
        return plan
    }

    /// Any of `parts` (already planned).
    static func any(_ parts: [SearchPlan]) -> SearchPlan {
        if parts.contains(where: { $0.truth == .always }) { return counted(.always, parts) }
        let open = parts.filter { $0.truth == .depends }
        guard open.count > 1 else { return open.first.map { counted($0, parts) } ?? counted(.never, parts) }
        var plan = counted(SearchPlan.filter(SQLFragment.joined(open.map(\.condition), " OR ")), parts)
        plan.rowCheck = Self.joinedChecks(open, " OR ")
        let sets = open.compactMap(\.candidates)
        if sets.count == open.count {
            plan.candidates = SQLFragment(
                sets.map { "SELECT id FROM (" + $0.sql + ")" }.joined(separator: " UNION "), sets.flatMap(\.arguments))
            plan.residual = open.allSatisfy { $0.residual == nil } ? nil : plan.condition
            plan.estimate = open.reduce(0) { $0 + $1.estimate }
        }
        return plan
    }

    /// The negation of a plan.
    static func negation(_ part: SearchPlan) -> SearchPlan {
        switch part.truth {
        case .always: return counted(.never, [part])
        case .never: return counted(.always, [part])
        case .depends:
            var condition = part.condition
            condition.sql = "NOT (" + condition.sql + ")"
            var plan = counted(.filter(condition), [part])
            plan.rowCheck = part.rowCheck.map { check in
                var negated = check
                negated.sql = "NOT (" + check.sql + ")"
                return negated
            }
            plan.complement = part.residual == nil ? part.candidates : nil
            return plan
        }
    }

    /// The parts' row checks joined by `separator`; nil unless every part has one.
    private static func joinedChecks(_ parts: [SearchPlan], _ separator: String) -> SQLFragment? {
        let checks = parts.compactMap(\.rowCheck)
        return checks.count == parts.count ? SQLFragment.joined(checks, separator) : nil
    }

    /// `plan` with the leaf count and depth of the parts it was built from.
    private static func counted(_ plan: SearchPlan, _ parts: [SearchPlan]) -> SearchPlan {
        var copy = plan
        copy.leaves = max(1, parts.reduce(0) { $0 + $1.leaves })
        copy.depth = 1 + (parts.map(\.depth).max() ?? 0)
        return copy
    }
}
