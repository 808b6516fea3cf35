import MarksCore
import Testing

/// `SearchQuery.problems`: what the Search tab says about a query it reads differently from what was typed, or
/// cannot read at all (linkding finds nothing for those).
@Suite struct SearchQueryProblemsTests {
    @Test(arguments: ["swift", "swift or rust", "(a or b) c", "swift not #docs", "\"exact phrase\"", "#swift !unread", ""])
    func aWellFormedQueryHasNone(_ query: String) {
        #expect(SearchQuery.problems(query).isEmpty, "\(query)")
    }

    @Test(arguments: [
        ("\"unclosed phrase", "never closed", false),
        ("swift #", "needs a tag name", false),
        ("# swift", "needs a tag name", false),
        ("swift !", "needs a word", false),
        ("(swift or rust", "never closed", true),
        ("swift)", "has no “(”", true),
        ("swift or", "“or” needs", true),
        ("and swift", "“and” needs", true),
        ("swift not", "“not” needs", true),
        ("()", "empty", true),
    ])
    func aProblemSaysWhatIsWrong(_ query: String, _ words: String, _ blocking: Bool) throws {
        let problems = SearchQuery.problems(query)
        let first = try #require(problems.first, "\(query)")
        #expect(first.message.contains(words), "\(query): \(first.message)")
        #expect(first.blocking == blocking, "\(query)")
        #expect(blocking == (SearchQuery.parse(query) == nil), "blocking exactly when linkding's parser refuses it: \(query)")
    }
}
