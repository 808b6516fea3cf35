/// The work one search may ask for (issue 35: `q=e+e+e…`, 255 times, cost 3.4 s of CPU on 40k bookmarks, because every
/// term is one more check of every row). Duplicate operands are dropped as the query is parsed (`SearchParser`), and a
/// query past these bounds is refused with a message instead of run: `/api/` answers 400 `{"q": [message]}`, the Search
/// tab shows it, the CLI prints it.
extension SearchQuery {
    /// The most different terms, tags and keywords one query may hold.
    public static let maxTerms = 64
    /// The most different words shorter than three characters (the word index cannot answer them: each is a check of
    /// every bookmark's text).
    public static let maxShortTerms = 8

    /// Why `expression` asks for more work than one query may, or nil when it is within the bounds.
    public static func budgetProblem(_ expression: SearchExpression) -> Problem? {
        var leaves = Set<[UInt8]>()
        var short = Set<[UInt8]>()
        var stack = [expression]
        while let next = stack.popLast() {
            switch next {
            case .and(let operands), .or(let operands): stack.append(contentsOf: operands)
            case .not(let operand): stack.append(operand)
            case .term(let text):
                let folded = ASCIICaseFolding.foldedBytes(text)
                leaves.insert([1] + folded)
                if !folded.isEmpty, text.unicodeScalars.count < 3 { short.insert(folded) }
            case .tag(let name): leaves.insert([2] + ASCIICaseFolding.foldedBytes(name))
            case .unread, .untagged, .matchAll: leaves.insert([3] + Array(String(describing: next).utf8))
            }
            if leaves.count > maxTerms {
                return Problem(message: "This search has more than \(maxTerms) different words and tags; search for fewer at a time.",
                               blocking: true)
            }
            if short.count > maxShortTerms {
                return Problem(message: """
                    This search has more than \(maxShortTerms) different words shorter than three characters, and each is \
                    checked against every bookmark; use fewer short words or longer ones.
                    """, blocking: true)
            }
        }
        return nil
    }
}
