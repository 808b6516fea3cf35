/// What is wrong with a search, in words a person can act on.
extension SearchQuery {
    /// A problem in a query: `blocking` ones mean linkding finds nothing (the query does not parse); the others are
    /// read in a way the person may not expect (an unclosed quote runs to the end, a `#` alone is ignored).
    public struct Problem: Sendable, Equatable {
        public var message: String
        public var blocking: Bool
    }

    /// The problems of `text`, first the ones that stop it from parsing; empty for a well-formed query.
    public static func problems(_ text: String) -> [Problem] {
        let found = lexicalProblems(text)
        if let parsed = parse(text) { return budgetProblem(parsed).map { [$0] + found } ?? found }
        var tokenizer = SearchTokenizer(text)
        let grammar = grammarProblems(tokenizer.tokenize())
        let reason = grammar.first
            ?? Problem(message: "This search could not be read: check its parentheses and its and / or / not.", blocking: true)
        return [reason] + found
    }

    /// Unclosed quotes and a `#` or `!` with nothing after it, scanned as the tokenizer reads the text.
    private static func lexicalProblems(_ text: String) -> [Problem] {
        let scalars = Array(text.unicodeScalars)
        var problems: [Problem] = []
        var index = 0
        var reportedTag = false
        var reportedKeyword = false
        let stops: Set<Unicode.Scalar> = ["(", ")", "\"", "'"]
        while index < scalars.count {
            let c = scalars[index]
            if c == "\"" || c == "'" {
                index += 1
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "\\" { index += 2; continue }
                    if scalars[index] == c { closed = true; index += 1; break }
                    index += 1
                }
                if !closed {
                    problems.append(Problem(message: "The quote \(c) is never closed, so the phrase runs to the end of the search. Add a closing \(c).",
                                            blocking: false))
                }
                continue
            }
            if c == "#" || c == "!" {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                if next.map({ SearchTokenizer.isSpace($0) || stops.contains($0) }) ?? true {
                    if c == "#" && !reportedTag {
                        problems.append(Problem(message: "A # needs a tag name right after it (like #swift); the lone # is ignored.", blocking: false))
                        reportedTag = true
                    } else if c == "!" && !reportedKeyword {
                        problems.append(Problem(message: "A ! needs a word right after it (!unread or !untagged); the lone ! is ignored.", blocking: false))
                        reportedKeyword = true
                    }
                }
            }
            // Skip the rest of a word (inside it, quotes start a new token as the tokenizer does).
            index += 1
        }
        return problems
    }

    /// Parentheses that do not pair up and operators with nothing on one side.
    private static func grammarProblems(_ tokens: [SearchToken]) -> [Problem] {
        var depth = 0
        for (offset, token) in tokens.enumerated() {
            let previous = offset > 0 ? tokens[offset - 1] : nil
            let next = offset + 1 < tokens.count ? tokens[offset + 1] : nil
            switch token {
            case .openParen:
                depth += 1
                if next == .closeParen { return [Problem(message: "The parentheses “()” are empty: put words inside or remove them.", blocking: true)] }
            case .closeParen:
                guard depth > 0 else { return [Problem(message: "A “)” has no “(” to close: remove it or add the “(”.", blocking: true)] }
                depth -= 1
            case .and, .or:
                let name = token == .and ? "and" : "or"
                let leftMissing = previous == nil || previous == .openParen || previous == .and || previous == .or || previous == .not
                let rightMissing = next == nil || next == .closeParen || next == .and || next == .or
                if leftMissing || rightMissing {
                    return [Problem(message: "“\(name)” needs a word or tag on both sides (like swift \(name) rust). To search for the word itself, put it in quotes: \"\(name)\".",
                                    blocking: true)]
                }
            case .not:
                if next == nil || next == .closeParen || next == .and || next == .or {
                    return [Problem(message: "“not” needs a word or tag after it (like swift not #docs). To search for the word itself, put it in quotes: \"not\".",
                                    blocking: true)]
                }
            case .term, .tag, .keyword:
                break
            }
        }
        if depth > 0 { return [Problem(message: "A “(” is never closed: add a “)”.", blocking: true)] }
        return []
    }
}
