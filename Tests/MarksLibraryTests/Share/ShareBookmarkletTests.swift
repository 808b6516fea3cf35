import Testing
@testable import MarksShare

@Suite struct ShareBookmarkletTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/share?url="),
        ("https://Marks.Example.com/", "https://marks.example.com/share?url="),
        ("https://example.com/marks//", "https://example.com/marks/share?url="),
    ])
    func opensTheWebAppsSharePage(base: String, expected: String) throws {
        let snippet = try ShareService.bookmarklet(webAppURL: base)
        #expect(snippet.hasPrefix("javascript:"))
        #expect(snippet.contains("'\(expected)'+e(location.href)"))
        #expect(snippet.contains("+'&title='+e(document.title)"))
        #expect(snippet.contains("+'&text='+e("))
        #expect(!snippet.contains(" "))
    }

    @Test(arguments: [
        "javascript:alert(1)", "file:///etc", "ftp://example.com", "example.com", "",
        "https://example.com/'+alert(1)+'", "https://example.com/a b", "https://user:pw@example.com",
        "https://example.com/?q=1", "https://example.com/#x", "https://example.com/%27", "https://example.com/a\u{2028}b",
        "https://exa\"mple.com",
    ])
    func refusesAddressesThatCouldBreakOutOfTheScript(base: String) {
        #expect(throws: ShareError.self) { try ShareService.bookmarklet(webAppURL: base) }
    }
}
