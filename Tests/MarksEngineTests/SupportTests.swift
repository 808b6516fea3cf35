import MarksCore
import MarksTestSupport
import Testing
@testable import MarksEngine

@Suite struct SupportTests {
    @Test func contentHashIsStableAndSensitive() {
        let hash = ContentHash("hello")
        #expect(hash == ContentHash("hello"))
        #expect(hash.description.count == 32)
        #expect(hash.description == ContentHash(high: hash.high, low: hash.low).description)
        #expect(hash != ContentHash("hello "))
        #expect(hash != ContentHash("hello", salt: "384"))
        #expect(ContentHash("").description != ContentHash(" ").description)
        // Stable across runs and machines: the FNV-1a half of "hello" is a published value.
        #expect(ContentHash("hello").high == 0xa430_d846_80aa_bd0b)
    }

    @Test func cacheForgetsTheLeastRecentlyUsed() {
        let cache = InMemoryEmbeddingCache(capacity: 10)
        let keys = (0..<10).map { ContentHash("key \($0)") }
        for (index, key) in keys.enumerated() { cache.store([key: [Float(index)]]) }
        #expect(cache.embeddings(for: [keys[0]])[keys[0]] == [0])
        cache.store([ContentHash("new"): [99]])
        #expect(cache.count == 9)
        let left = cache.embeddings(for: keys)
        #expect(left[keys[0]] == [0])
        #expect(left[keys[1]] == nil && left[keys[2]] == nil)
        #expect(cache.embeddings(for: [ContentHash("new")]).count == 1)
    }

    @Test func embeddingProviderEmbedsEachDistinctTextOnce() throws {
        let embedder = TestEmbedder()
        let provider = EmbeddingProvider(embedder: embedder, cache: InMemoryEmbeddingCache())
        let vectors = try provider.embedCached(["a b", "c d", "a b", "a b"])
        #expect(vectors.count == 4)
        #expect(vectors[0] == vectors[2])
        #expect(embedder.textsEmbedded == 2)
        #expect(try provider.embedCached([]).isEmpty)
        #expect(EmbeddingProvider.capped(String(repeating: "é", count: 5000)).unicodeScalars.count == EmbeddingProvider.maximumScalars)
    }

    @Test(arguments: [
        ("computers", "computer"), ("programming", "program"), ("running", "run"), ("studies", "study"),
        ("classes", "class"), ("status", "status"), ("analysis", "analysis"), ("oil", "oil"), ("été", "été"),
    ])
    func stemmerMatchesWordForms(word: String, stem: String) {
        #expect(Stemmer.stem(word) == Stemmer.stem(stem))
    }

    @Test func wordTokenizerKeepsInnerJoinersAndSplitsChunksAtPunctuation() {
        #expect(WordTokenizer.chunks("State-of-the-art tools, don't stop; the company's (new) plan") ==
            [["state-of-the-art", "tools"], ["don't", "stop"], ["the", "company"], ["new"], ["plan"]])
        #expect(WordTokenizer.words("--- '' __") == [])
        #expect(WordTokenizer.words(String(repeating: "z", count: 41)) == [])
        #expect(WordTokenizer.isNumeric("1987") && !WordTokenizer.isNumeric("k2"))
    }
}
