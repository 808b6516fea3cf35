import Foundation
import Testing
@testable import MarksCore

@Suite struct SearchMatchingTests {
    private static let date = Date(timeIntervalSince1970: 1_700_000_000)

    private static func bookmark(_ id: Int, _ url: String, title: String = "", description: String = "", notes: String = "",
                                 unread: Bool = false, tags: [String] = []) -> Bookmark {
        Bookmark(id: id, url: url, title: title, description: description, notes: notes, unread: unread, tagNames: tags,
                 dateAdded: date, dateModified: date)
    }

    /// One small data set for every example.
    static let library: [Bookmark] = [
        bookmark(1, "https://docs.swift.org/book", title: "The Swift Programming Language", tags: ["swift", "docs"]),
        bookmark(2, "https://vapor.codes", title: "Vapor web framework", description: "Server-side Swift", tags: ["Swift", "server"]),
        bookmark(3, "https://linkding.link", title: "linkding", description: "Self-hosted bookmarks", unread: true, tags: ["selfhosted"]),
        bookmark(4, "https://example.com/note", title: "A note", notes: "remember this"),
        bookmark(5, "https://street.example", title: "Straße café", description: "cafe\u{301} decomposed", tags: ["Ärger"]),
        bookmark(6, "https://crates.io", title: "Crates", tags: ["rust"]),
    ]

    private static func ids(_ query: String, _ mode: TagSearchMode = .strict) -> [Int] {
        guard let expression = SearchQuery.parse(query) else { return [] }
        return library.filter { expression.matches($0, tagSearch: mode) }.map(\.id)
    }

    @Test(arguments: [
        // The doc's examples.
        ("#SWIFT", [1, 2]), ("swift not #docs", [2]), ("#docs or #selfhosted", [1, 3]), ("(unclosed", []),
        ("!foo", [1, 2, 3, 4, 5, 6]), ("", [1, 2, 3, 4, 5, 6]),
        // Words search title, description, notes and URL, case-insensitively.
        ("SWIFT", [1, 2]), ("remember", [4]), ("docs.swift", [1]), ("server-side", [2]), ("LINK", [3]),
        // Phrases are substrings with their spaces.
        ("\"programming language\"", [1]), ("\"language programming\"", []), ("'web framework'", [2]), ("\"\"", [1, 2, 3, 4, 5, 6]),
        // Keywords and boolean structure.
        ("!unread", [3]), ("!untagged", [4]), ("not !untagged", [1, 2, 3, 5, 6]), ("swift or rust", [1, 2]),
        ("#swift #server", [2]), ("#swift and not (vapor or #docs)", []), ("not not #rust", [6]),
        // Tags are exact names, not substrings.
        ("#swif", []), ("#self", []),
        // ASCII case folding only, code point by code point (linkding's SQLite LIKE).
        ("#ÄRGER", [5]), ("#ärger", []), ("STRAß", [5]), ("STRASSE", []), ("CAFÉ", []), ("café", [5]),
        ("cafe\u{301}", [5]), ("#\u{00C4}rger", [5]), ("#A\u{308}rger", []),
    ])
    func strictMatches(query: String, expected: [Int]) {
        #expect(Self.ids(query) == expected)
    }

    @Test(arguments: [
        ("rust", [6]), ("RUST", [6]), ("rus", []), ("swift", [1, 2]), ("not rust", [1, 2, 3, 4, 5]), ("ärger", []), ("ÄRGER", [5]),
    ])
    func laxWordsAlsoMatchTagsOfThatName(query: String, expected: [Int]) {
        #expect(Self.ids(query, .lax) == expected)
    }

    @Test func strictWordsDoNotMatchTags() {
        #expect(Self.ids("rust") == [])
        #expect(Self.ids("selfhosted") == [])
    }

    @Test func asciiFoldingHelpers() {
        #expect(ASCIICaseFolding.fold("HeLLo ÄÖ") == "hello ÄÖ")
        #expect(ASCIICaseFolding.equals("Swift", "sWIFT"))
        #expect(!ASCIICaseFolding.equals("é", "e\u{301}"))
        #expect(ASCIICaseFolding.contains("abc", ""))
        #expect(!ASCIICaseFolding.contains("ab", "abc"))
        #expect(ASCIICaseFolding.contains("xxABCxx", "abc"))
    }
}
