import MarksTestSupport
import MarksCore
import Testing
@testable import MarksEngine

@Suite struct KeyphraseTaggerTests {
    let embedder = TestEmbedder()
    let tagger = KeyphraseTagger()
    let title = "The Rust Programming Language"
    let sentences = [
        "Rust is a systems programming language focused on memory safety and speed.",
        "The Rust compiler checks ownership and borrowing so programs avoid data races.",
        "Cargo, the Rust package manager, builds code and downloads crates.",
        "Memory safety without a garbage collector makes Rust popular for systems programming.",
    ]

    private func tags(vocabulary: [String]) throws -> [String] {
        let candidates = PhraseExtractor().candidates(title: title, description: nil, sentences: sentences, url: nil)
        let page = ([title] + sentences.prefix(3)).joined(separator: ". ")
        return tagger.tags(
            candidates: candidates, candidateEmbeddings: candidates.map { embedder.vector($0.text) },
            pageEmbedding: embedder.vector(page), sentenceEmbeddings: sentences.map(embedder.vector),
            vocabulary: try TagVocabulary(vocabulary) { $0.map(embedder.vector) })
    }

    @Test func withoutVocabularyGivesThreeToFiveCleanTags() throws {
        let tags = try tags(vocabulary: [])
        #expect((3...5).contains(tags.count))
        #expect(tags.contains("rust"))
        for tag in tags {
            #expect(TagNames.parse(tag) == [tag])
            #expect(tag == tag.lowercased())
            #expect(!tag.contains(" "))
        }
        #expect(Set(tags).count == tags.count)
    }

    /// Tags about nothing on the test page, to make a vocabulary "established".
    static let unrelated = (1...25).map { "unrelated-\($0)-zzz" }

    @Test func snapsToAnEstablishedVocabularyAndProposesNothingNewWhenSomethingFits() throws {
        let tags = try tags(vocabulary: ["Python", "RUST", "cooking", "Memory-Safety"] + Self.unrelated)
        #expect(tags.contains("rust"))
        #expect(tags.contains("memory-safety"))
        #expect(tags.allSatisfy { ["python", "rust", "cooking", "memory-safety"].contains($0) })
        #expect(!tags.contains("cooking"))
    }

    @Test func aYoungVocabularyIsCompletedWithNewTags() throws {
        let tags = try tags(vocabulary: ["rust", "cooking"])
        #expect(tags.first == "rust")
        #expect((3...5).contains(tags.count), "\(tags)")
        #expect(!tags.contains("cooking"))
        #expect(tags.dropFirst().allSatisfy { $0 != "rust" })
    }

    @Test func matchesOtherWordFormsOfVocabularyTags() throws {
        let tags = try tags(vocabulary: ["compilers", "gardening"])
        #expect(tags.contains("compilers"))
        #expect(!tags.contains("compiler"))
    }

    @Test func proposesNewTagsOnlyWhenNothingInTheVocabularyFits() throws {
        let tags = try tags(vocabulary: ["cooking", "gardening", "knitting"] + Self.unrelated)
        #expect((3...5).contains(tags.count), "\(tags)")
        #expect(tags.allSatisfy { !["cooking", "gardening", "knitting"].contains($0) && !$0.hasPrefix("unrelated") })
    }

    @Test func vocabularyIsCleanedLowerCasedAndDeduplicated() throws {
        let vocabulary = try TagVocabulary(["Machine Learning", "machine-learning", "  ", "a,b", "MachineLearning", "#swift", "12"]) { $0.map(embedder.vector) }
        #expect(vocabulary.tags == ["machine-learning", "a", "b", "machinelearning", "#swift", "12"])
        #expect(vocabulary.texts[vocabulary.tags.firstIndex(of: "machinelearning") ?? 0] == "machine learning")
        #expect(vocabulary.embeddings.count == vocabulary.tags.count)
    }

    @Test func aStrayCNeverMatchesCPlusPlusByName() throws {
        let vocabulary = try TagVocabulary(["C++", "c#", "c", "contracts"]) { $0.map(embedder.vector) }
        // Symbols kept in the key: a candidate `c` (its key is `c`) matches the tag `c` only, never `c++` or `c#`.
        #expect(vocabulary.keys == ["c++", "c#", "c", Stemmer.key(["contracts"])])
    }

    @Test func aTagWithSymbolsFitsOnlyWhenWrittenInThePage() throws {
        let engine = OfflineEngine(embedder: embedder)
        let vocabulary = ["C++", "c#", "python", "linux"]
        let lease = try engine.enrichPage(EnrichRequest(
            url: "https://example.com/terms", title: "Terms of the lease",
            text: "Under section 3(c) the tenant pays on time. Clause (c) applies to late payments. See (c) again.",
            vocabulary: vocabulary))
        #expect(!lease.tags.contains("c++") && !lease.tags.contains("c#"), "\(lease.tags)")
        let cpp = try engine.enrichPage(EnrichRequest(
            url: "https://example.com/cpp", title: "Modern C++ templates",
            text: "C++ templates are resolved at compile time. Move semantics in C++ avoid copies.", vocabulary: vocabulary))
        #expect(cpp.tags.contains("c++") && !cpp.tags.contains("c#"), "\(cpp.tags)")
    }

    @Test func vocabularyNeedsOneVectorPerTag() {
        #expect(throws: EngineError.self) {
            try TagVocabulary(["a", "b"]) { _ in [[1, 0]] }
        }
    }

    @Test func tagNamesAreLinkdingClean() throws {
        #expect(KeyphraseTagger.tagName(["machine", "learning"]) == "machine-learning")
        #expect(KeyphraseTagger.tagName(["C#"]) == "c#")
        #expect(KeyphraseTagger.tagName([String(repeating: "a", count: 65)]) == nil)
    }
}
