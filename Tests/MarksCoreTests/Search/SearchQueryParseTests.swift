import MarksTestSupport
import Foundation
import Testing
@testable import MarksCore

@Suite struct SearchQueryParseTests {
    private static let all = SearchExpression.matchAll(keyword: "")

    @Test(arguments: [
        // Empty input and inputs without tokens match everything.
        ("", all), ("   \t\n", all), ("#", all), ("!", all), ("# !", all),
        // The leaves.
        ("swift", .term("swift")), ("#SWIFT", .tag("SWIFT")), ("!unread", .unread), ("!UnRead", .unread),
        ("!untagged", .untagged), ("!foo", .matchAll(keyword: "foo")), ("#c++", .tag("c++")), ("#tag!x", .tag("tag!x")),
        // The doc's examples.
        ("swift not #docs", .and([.term("swift"), .not(.tag("docs"))])),
        ("#docs or #selfhosted", .or([.tag("docs"), .tag("selfhosted")])),
        // Precedence: not > and > or; juxtaposition is and.
        ("a or b c", .or([.term("a"), .and([.term("b"), .term("c")])])),
        ("a b or c", .or([.and([.term("a"), .term("b")]), .term("c")])),
        ("not a b", .and([.not(.term("a")), .term("b")])),
        ("not a or b", .or([.not(.term("a")), .term("b")])),
        ("a not not b", .and([.term("a"), .not(.not(.term("b")))])),
        ("a and b and c", .and([.term("a"), .term("b"), .term("c")])),
        ("(a or b) c", .and([.or([.term("a"), .term("b")]), .term("c")])),
        ("not (a b)", .not(.and([.term("a"), .term("b")]))),
        ("a (b)", .and([.term("a"), .term("b")])), ("((a))", .term("a")),
        // Operators in any case; quoted operators are words.
        ("a AND b", .and([.term("a"), .term("b")])), ("a Or b", .or([.term("a"), .term("b")])),
        ("NOT a", .not(.term("a"))), ("\"and\"", .term("and")), ("'OR' not", nil), ("android", .term("android")),
        // Quotes, escapes, unclosed quotes.
        ("'a phrase'", .term("a phrase")), ("\"a phrase\"", .term("a phrase")),
        (#""say \"hi\"""#, .term(#"say "hi""#)), (#"'it\'s'"#, .term("it's")), (#""a\nb\tc\rd""#, .term("a\nb\tc\rd")),
        (#""back\\slash""#, .term(#"back\slash"#)), (#""\x""#, .term("x")), (#""it's""#, .term("it's")),
        ("\"unclosed phrase", .term("unclosed phrase")), (#""trailing\"#, .term("trailing")), ("\"\"", .term("")),
        // Word boundaries are linkding's: quotes, parens, # and ! end a word.
        ("foo#bar", .and([.term("foo"), .tag("bar")])), ("a!b", .and([.term("a"), .matchAll(keyword: "b")])),
        ("it's", .and([.term("it"), .term("s")])), ("a(b)", .and([.term("a"), .term("b")])),
        // White space is Python's isspace(), code point by code point.
        ("a\u{00A0}b", .and([.term("a"), .term("b")])), ("a\u{1C}b", .and([.term("a"), .term("b")])),
        ("a\u{200B}b", .term("a\u{200B}b")), ("e\u{301}", .term("e\u{301}")),
        // Does not parse → nil (zero results).
        ("(unclosed", nil), (")", nil), ("a )", nil), ("()", nil), ("and", nil), ("a and", nil), ("or a", nil),
        ("not", nil), ("a or or b", nil), ("a (b or) c", nil), ("(a))", nil),
    ] as [(String, SearchExpression?)])
    func parses(query: String, expected: SearchExpression?) {
        #expect(SearchQuery.parse(query) == expected)
    }

    /// Issue 35 item 4: repeated operands are one (ASCII case folded, bytes compared), so `e e e …` costs one term.
    @Test(arguments: [
        (String(repeating: "e ", count: 255), SearchExpression.term("e")),
        ("Swift swift SWIFT", .term("Swift")),
        ("a b a b", .and([.term("a"), .term("b")])),
        ("#Go or #go or rust or RUST", .or([.tag("Go"), .term("rust")])),
        ("(a b) (b a) (a b)", .and([.term("a"), .term("b")])),
        ("a or (b c) or (B C)", .or([.term("a"), .and([.term("b"), .term("c")])])),
        ("not a not a !unread !UNREAD", .and([.not(.term("a")), .unread])),
        ("café cafe\u{301}", .and([.term("café"), .term("cafe\u{301}")])),
        ("straße STRASSE", .and([.term("straße"), .term("STRASSE")])),
    ])
    func repeatedOperandsAreOne(query: String, expected: SearchExpression) {
        #expect(SearchQuery.parse(query) == expected)
    }

    @Test func theBudgetBoundsTermsAndShortTerms() throws {
        let letters = (0..<26).map { String(UnicodeScalar(UInt8(0x61 + $0))) }
        #expect(SearchQuery.budgetProblem(try #require(SearchQuery.parse(letters.prefix(SearchQuery.maxShortTerms).joined(separator: " ")))) == nil)
        let nine = try #require(SearchQuery.parse(letters.prefix(SearchQuery.maxShortTerms + 1).joined(separator: " or ")))
        let short = try #require(SearchQuery.budgetProblem(nine))
        #expect(short.blocking && short.message.contains("shorter than three characters"))
        #expect(SearchQuery.budgetProblem(try #require(SearchQuery.parse(String(repeating: "e ", count: 10_000)))) == nil)
        let many = (0...SearchQuery.maxTerms).map { "word\($0)" }.joined(separator: " or ")
        let parsed = try #require(SearchQuery.parse(many))
        let problem = try #require(SearchQuery.budgetProblem(parsed))
        #expect(problem.blocking)
        #expect(SearchQuery.problems(many).first == problem, "the Search tab shows it and does not run the search")
    }

    @Test func nestingUpToTheCapParses() {
        let depth = SearchParser.maxDepth
        let query = String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth)
        #expect(SearchQuery.parse(query) == .term("a"))
    }

    /// The queries are built inside the test: as arguments, swift-testing would print each one (a megabyte of
    /// parentheses) into the run's output.
    @Test(arguments: 0..<5)
    func deepNestingIsRefusedWithoutExhaustingTheStack(shape: Int) {
        let queries = [
            String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000),
            String(repeating: "(", count: 10_000),
            String(repeating: "not ", count: 10_000) + "a",
            String(repeating: "(not ", count: 5_000) + "a" + String(repeating: ")", count: 5_000),
            String(repeating: "(", count: 1 << 20),
        ]
        #expect(SearchQuery.parse(queries[shape]) == nil)
    }

    @Test func aMegabyteOfWordsParsesIntoOneFlatAnd() throws {
        // Different words (repeats are one operand).
        let query = (0..<150_000).map { "ab\($0)" }.joined(separator: " ")
        let parsed = try #require(SearchQuery.parse(query))
        guard case .and(let operands) = parsed else {
            Issue.record("expected one and, got another shape")
            return
        }
        #expect(operands.count == 150_000)
        let repeated = SearchQuery.parse(String(repeating: "ab ", count: 350_000))
        #expect(repeated == .term("ab"))
        let bookmark = Bookmark(id: 1, url: "https://ab.example", dateAdded: .distantPast, dateModified: .distantPast)
        let matches = repeated?.matches(bookmark, tagSearch: .strict) == true
        #expect(matches)
    }

    @Test func aMegabyteQuotedStringIsOneTerm() {
        let body = String(repeating: "x y ", count: 262_144)
        #expect(SearchQuery.parse("\"" + body) == .term(body))
    }

    @Test func aMegabyteOfOrsParsesIntoOneFlatOr() throws {
        let query = "a" + (0..<100_000).map { " or a\($0)" }.joined()
        guard case .or(let operands) = try #require(SearchQuery.parse(query)) else {
            Issue.record("expected one or")
            return
        }
        #expect(operands.count == 100_001)
        #expect(SearchQuery.parse("a" + String(repeating: " or a", count: 200_000)) == .term("a"))
    }

    @Test func withoutParenthesesOrOperatorsEveryQueryParses() {
        var generator = SeededGenerator(seed: 42)
        let alphabet: [Character] = ["\"", "'", "\\", "#", "!", " ", "a", "b", "x", "é", "\u{0}", "\u{A0}"]
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 24)
            let query = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            #expect(SearchQuery.parse(query) != nil, "\(query.debugDescription)")
        }
    }

    @Test func randomQueriesWithOperatorsNeverCrashAndNilOnlyWithAnOperatorOrParenthesis() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["(", ")", "\"", "'", "\\", "#", "!", " ", "a", "and", "or", "not", "NOT", "é"]
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 12)
            let query = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined(separator: " ")
            if SearchQuery.parse(query) == nil {
                #expect(["(", ")", "and", "or", "not", "NOT"].contains { query.contains($0) }, "\(query.debugDescription)")
            }
        }
    }
}
