/// linkding's recursive-descent grammar over tokens: `or` < `and` (explicit or by juxtaposition) < `not` <
/// primary (term, tag, keyword, parenthesised). Nesting (parentheses and `not` chains) deeper than `maxDepth`
/// is refused, so hostile input cannot exhaust the stack.
struct SearchParser {
    struct Failure: Error {}

    /// The deepest nesting of parentheses and `not` accepted; linkding itself fails well before this.
    static let maxDepth = 100

    private let tokens: [SearchToken]
    private var index = 0
    private var depth = 0

    init(_ tokens: [SearchToken]) {
        self.tokens = tokens
    }

    mutating func parse() throws(Failure) -> SearchExpression {
        let expression = try parseOr()
        guard current == nil else { throw Failure() }
        return expression
    }

    private var current: SearchToken? { index < tokens.count ? tokens[index] : nil }

    private mutating func parseOr() throws(Failure) -> SearchExpression {
        var operands = [try parseAnd()]
        while current == .or {
            index += 1
            operands.append(try parseAnd())
        }
        guard operands.count > 1 else { return operands[0] }
        let distinct = Self.distinct(operands.flatMap { operand -> [SearchExpression] in
            if case .or(let inner) = operand { return inner }
            return [operand]
        })
        return distinct.count == 1 ? distinct[0] : .or(distinct)
    }

    private mutating func parseAnd() throws(Failure) -> SearchExpression {
        var operands = [try parseNot()]
        while let token = current, Self.continuesAnd(token) {
            if token == .and { index += 1 }
            operands.append(try parseNot())
        }
        guard operands.count > 1 else { return operands[0] }
        let distinct = Self.distinct(operands.flatMap { operand -> [SearchExpression] in
            if case .and(let inner) = operand { return inner }
            return [operand]
        })
        return distinct.count == 1 ? distinct[0] : .and(distinct)
    }

    /// The operands without repeats (`e e e` is `e`; `Swift swift` is one word, as matching folds ASCII case), the first
    /// of each kept: `and` and `or` are idempotent, so the meaning is the same and the work is not multiplied (issue 35).
    /// Words are compared by their bytes, as the index compares them (`café` and `cafe\u{301}` stay two).
    static func distinct(_ operands: [SearchExpression]) -> [SearchExpression] {
        var seen = Set<[UInt8]>()
        return operands.filter { seen.insert(fingerprint($0)).inserted }
    }

    /// Bytes that are equal exactly when two expressions mean the same by their text (ASCII case folded).
    private static func fingerprint(_ expression: SearchExpression) -> [UInt8] {
        func text(_ kind: UInt8, _ value: String) -> [UInt8] {
            let bytes = ASCIICaseFolding.foldedBytes(value)
            return [kind] + withUnsafeBytes(of: UInt64(bytes.count).littleEndian, Array.init) + bytes
        }
        switch expression {
        case .term(let value): return text(1, value)
        case .tag(let name): return text(2, name)
        case .unread: return [3]
        case .untagged: return [4]
        case .matchAll: return [5]
        case .not(let operand): return [6] + fingerprint(operand)
        case .and(let operands): return [7] + withUnsafeBytes(of: UInt64(operands.count).littleEndian, Array.init) + operands.flatMap(fingerprint)
        case .or(let operands): return [8] + withUnsafeBytes(of: UInt64(operands.count).littleEndian, Array.init) + operands.flatMap(fingerprint)
        }
    }

    private static func continuesAnd(_ token: SearchToken) -> Bool {
        switch token {
        case .and, .term, .tag, .keyword, .openParen, .not: return true
        case .or, .closeParen: return false
        }
    }

    private mutating func parseNot() throws(Failure) -> SearchExpression {
        guard current == .not else { return try parsePrimary() }
        index += 1
        try enter()
        defer { depth -= 1 }
        return .not(try parseNot())
    }

    private mutating func parsePrimary() throws(Failure) -> SearchExpression {
        guard let token = current else { throw Failure() }
        index += 1
        switch token {
        case .term(let text): return .term(text)
        case .tag(let name): return .tag(name)
        case .keyword(let keyword):
            switch keyword.lowercased() {
            case "unread": return .unread
            case "untagged": return .untagged
            default: return .matchAll(keyword: keyword)
            }
        case .openParen:
            try enter()
            defer { depth -= 1 }
            let inner = try parseOr()
            guard current == .closeParen else { throw Failure() }
            index += 1
            return inner
        case .and, .or, .not, .closeParen:
            throw Failure()
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw Failure() }
    }
}
