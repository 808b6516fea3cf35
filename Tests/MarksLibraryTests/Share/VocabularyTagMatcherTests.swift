import Testing
@testable import MarksBookmarks

@Suite struct VocabularyTagMatcherTests {
    @Test(arguments: [
        (["swift"], "Swift is fun", "", ["swift"]),
        (["machine-learning"], "Machine learning at scale", "", ["machine-learning"]),
        (["machine-learning"], "machine and learning", "", []),
        (["bookmark"], "All my bookmarks", "", ["bookmark"]),
        (["box"], "Boxes everywhere", "", ["box"]),
        (["class"], "one class", "", ["class"]),
        (["github"], "nothing here", "https://www.github.com/x", ["github"]),
        (["com", "www"], "", "https://www.example.com/", []),
        (["rust", "go"], "Rust", "https://example.com/go/guide", ["rust", "go"]),
        (["c"], "C is a letter", "", []),
        (["++", ""], "++ and stuff", "", []),
        (["ai"], "AI summaries", "", ["ai"]),
        (["Art"], "start smart", "", []),
        (["déjà-vu"], "Déjà vu again", "", ["déjà-vu"]),
    ])
    func matchesWholeWords(vocabulary: [String], text: String, url: String, expected: [String]) {
        #expect(VocabularyTagMatcher.matches(vocabulary: vocabulary, texts: [text], url: url, excluding: []) == expected)
    }

    @Test func excludesCardTagsDuplicatesAndCaps() {
        let vocabulary = (0..<50).map { "w\($0)" } + ["W1", "keep"]
        let text = (0..<50).map { "w\($0)" }.joined(separator: " ") + " keep"
        let found = VocabularyTagMatcher.matches(vocabulary: vocabulary, texts: [text], url: "", excluding: ["w0"], limit: 5)
        #expect(found == ["w1", "w2", "w3", "w4", "w5"])
    }

    @Test func hugeVocabularyAndTextStayFast() {
        let vocabulary = (0..<5000).map { "tag\($0)-word\($0)" }
        let text = (0..<1500).map { "word\($0 % 700)" }.joined(separator: " ") + " tag4999 word4999"
        var found: [String] = []
        let elapsed = ContinuousClock().measure {
            found = VocabularyTagMatcher.matches(vocabulary: vocabulary, texts: [text, text, text], url: "", excluding: [])
        }
        #expect(found == ["tag4999-word4999"])
        #expect(elapsed < .seconds(120)) // a hang guard, not a speed target
    }
}
