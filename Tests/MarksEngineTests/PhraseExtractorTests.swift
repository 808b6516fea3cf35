import Testing
@testable import MarksEngine

@Suite struct PhraseExtractorTests {
    let extractor = PhraseExtractor()

    @Test func candidatesAreCleanNounLikePhrases() {
        let candidates = extractor.candidates(
            title: "The Rust Programming Language",
            description: nil,
            sentences: ["Rust is a systems programming language focused on memory safety.", "It was released in 2015, and the Rust compiler is fast."],
            url: nil)
        let texts = candidates.map(\.text)
        #expect(texts.first == "rust")
        #expect(texts.contains("programming language"))
        #expect(texts.contains("memory safety"))
        for candidate in candidates {
            #expect((1...3).contains(candidate.words.count))
            #expect(!StopWords.contains(candidate.words[0]) && !StopWords.contains(candidate.words[candidate.words.count - 1]))
            #expect(!candidate.words.allSatisfy(WordTokenizer.isNumeric))
            #expect(candidate.text == candidate.text.lowercased())
        }
        #expect(!texts.contains("2015"))
        #expect(!texts.contains { $0.hasPrefix("the ") || $0.hasSuffix(" is") })
    }

    @Test func phrasesNeverCrossPunctuation() {
        let candidates = extractor.candidates(title: nil, description: nil, sentences: ["Apples, oranges and pears; bananas."], url: nil)
        #expect(!candidates.map(\.text).contains("apples oranges"))
        #expect(candidates.map(\.text).contains("oranges and pears"))
    }

    @Test func urlWordsServeOnlyWhenThereIsNoText() {
        let fromURL = extractor.candidates(title: nil, description: nil, sentences: [], url: "https://example.com/blog/swift-concurrency-explained?ref=x")
        #expect(fromURL.map(\.text).contains("swift concurrency"))
        let withTitle = extractor.candidates(title: "Gardening tips", description: nil, sentences: [], url: "https://example.com/blog/swift-concurrency")
        #expect(!withTitle.map(\.text).contains("swift"))
    }

    @Test func newTagsNeedRepeatedPhrasesAndNoVerbEdges() {
        #expect(PhraseCandidate(words: ["golden", "nugget"], prior: 3, firstPosition: 0, occurrences: 2).canBeNewTag)
        #expect(!PhraseCandidate(words: ["golden", "nugget"], prior: 3, firstPosition: 0, occurrences: 1).canBeNewTag)
        #expect(!PhraseCandidate(words: ["completed"], prior: 3, firstPosition: 0, occurrences: 5).canBeNewTag)
        #expect(PhraseCandidate(words: ["telescope"], prior: 1, firstPosition: 0, occurrences: 1).canBeNewTag)
        #expect(!PhraseCandidate(words: ["ch"], prior: 1, firstPosition: 0, occurrences: 1).canBeNewTag)
        #expect(PhraseCandidate(words: ["ai"], prior: 4, firstPosition: 0, occurrences: 3).canBeNewTag)
    }

    @Test(arguments: ["", "....", String(repeating: "x", count: 10_000), "🙂 🙂 🙂", "1 2 3 4 5", "東京は日本の首都です。"])
    func acceptsHostileInput(text: String) {
        let candidates = extractor.candidates(title: text, description: text, sentences: [text], url: text)
        #expect(candidates.count <= extractor.maximumCandidates)
        #expect(candidates.allSatisfy { $0.words.allSatisfy { $0.unicodeScalars.count <= 25 } })
    }
}
