import Foundation
import Testing
@testable import SentenceEmbeddings

/// Edge cases against a small hand-made vocabulary, so they run without the model.
struct WordPieceTokenizerTests {
    static let vocabulary = [
        "[PAD]", "[UNK]", "[CLS]", "[SEP]", "cafe", "unicode", "un", "##ic", "##ode", "東", "京", ",", ".", "!",
        "hello", "world", "a", "##a", "ﬁ", "i", "istanbul", "play", "##ing", "x", "가", "'", "t", "don",
    ]

    static func makeTokenizer() throws -> WordPieceTokenizer {
        try WordPieceTokenizer(vocabularyText: vocabulary.joined(separator: "\n") + "\n")
    }

    /// The vocabulary entries for `text` between `[CLS]` and `[SEP]`.
    static func pieces(_ text: String, maxLength: Int = 256) throws -> [String] {
        let tokenizer = try makeTokenizer()
        let ids = tokenizer.encode(text, maxLength: maxLength)
        #expect(ids.first == 2 && ids.last == 3)
        return ids.dropFirst().dropLast().map { tokenizer.token(for: $0) ?? "?" }
    }

    @Test(arguments: [
        ("Café Ünïcode", ["cafe", "unicode"]),
        ("CAFE\u{301}", ["cafe"]),
        ("東京", ["東", "京"]),
        ("東京タワー", ["東", "京", "[UNK]"]),
        ("hello,world!", ["hello", ",", "world", "!"]),
        ("don't", ["don", "'", "t"]),
        ("playing", ["play", "##ing"]),
        ("unic", ["un", "##ic"]),
        ("unicode", ["unicode"]),
        ("helloq", ["[UNK]"]),
        ("hello 😀 world", ["hello", "[UNK]", "world"]),
        ("hel\u{0}lo\u{7}", ["hello"]),
        ("hello\u{200B}world", ["[UNK]"]),
        ("hello\tworld\r\nx\u{A0}a\u{3000}i", ["hello", "world", "x", "a", "i"]),
        ("İstanbul", ["istanbul"]),
        ("ﬁ", ["ﬁ"]),
        ("가", ["[UNK]"]),
        ("", []),
        ("   \n\t ", []),
        ("\u{FFFD}\u{E000}\u{FEFF}", []),
    ] as [(String, [String])])
    func encodesEdgeCases(text: String, expected: [String]) throws {
        #expect(try Self.pieces(text) == expected)
    }

    @Test func wordsOfUpToOneHundredCharactersArePieced() throws {
        let hundred = try Self.pieces(String(repeating: "a", count: 100))
        #expect(hundred == ["a"] + Array(repeating: "##a", count: 99))
        #expect(try Self.pieces(String(repeating: "a", count: 101)) == ["[UNK]"])
        #expect(try Self.pieces(String(repeating: "a", count: 150)) == ["[UNK]"])
        // Scalars are counted, not bytes: 100 three-byte characters still form one word to piece.
        #expect(try Self.pieces(String(repeating: "京", count: 3)) == ["京", "京", "京"])
    }

    @Test func truncatesToMaxLengthIncludingSpecialTokens() throws {
        let tokenizer = try Self.makeTokenizer()
        let text = String(repeating: "hello ", count: 300)
        #expect(tokenizer.encode(text).count == 256)
        #expect(tokenizer.encode(text, maxLength: 4) == [2, 14, 14, 3])
        #expect(tokenizer.encode(text, maxLength: 2) == [2, 3])
        #expect(tokenizer.encode(text, maxLength: 0) == [2, 3])
        #expect(tokenizer.encode(text, maxLength: -5) == [2, 3])
        // A word's pieces are cut mid-word when the budget runs out, as in the reference.
        #expect(tokenizer.encode("playing", maxLength: 3) == [2, 21, 3])
    }

    @Test func readsSpecialTokenIDsFromTheVocabulary() throws {
        let tokenizer = try Self.makeTokenizer()
        #expect(tokenizer.classifierID == 2)
        #expect(tokenizer.separatorID == 3)
        #expect(tokenizer.unknownID == 1)
        #expect(tokenizer.vocabularySize == Self.vocabulary.count)
        #expect(tokenizer.token(for: -1) == nil)
        #expect(tokenizer.token(for: 10_000) == nil)
    }

    @Test func acceptsWindowsLineEndings() throws {
        let tokenizer = try WordPieceTokenizer(vocabularyText: Self.vocabulary.joined(separator: "\r\n"))
        #expect(tokenizer.encode("hello world") == [2, 14, 15, 3])
    }

    @Test func keysAreComparedScalarByScalarNotByCanonicalEquivalence() throws {
        // NFD turns "가" into the jamo ᄀ + ᅡ. Swift's String == would call that equal to the precomposed
        // entry (id 3); the reference compares bytes, so it spells the jamo instead (ids 4 and 5).
        let tokenizer = try WordPieceTokenizer(vocabularyText: "[UNK]\n[CLS]\n[SEP]\n\u{AC00}\n\u{1100}\n##\u{1161}\n")
        #expect(tokenizer.encode("\u{AC00}") == [1, 4, 5, 2])
    }

    @Test func rejectsVocabularyWithoutSpecialTokens() {
        #expect(throws: EmbeddingError.malformedVocabulary(reason: "it has no [CLS] token")) {
            try WordPieceTokenizer(vocabularyText: "[UNK]\n[SEP]\nhello\n")
        }
        #expect(throws: EmbeddingError.self) { try WordPieceTokenizer(vocabularyText: "") }
    }

    @Test func rejectsVocabularyThatIsNotUTF8() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) } // cleanup only
        try Data([0x5B, 0x55, 0x4E, 0x4B, 0x5D, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: url)
        #expect(throws: EmbeddingError.malformedVocabulary(reason: "line 2 is not valid UTF-8")) {
            try WordPieceTokenizer(vocabulary: url)
        }
    }

    @Test func reportsAMissingVocabularyFile() {
        let url = URL(fileURLWithPath: "/nonexistent/vocab.txt")
        #expect {
            try WordPieceTokenizer(vocabulary: url)
        } throws: { error in
            guard case EmbeddingError.unreadableFile(let path, _) = error else { return false }
            return path == url.path
        }
    }

    @Test func handlesHugeInputWithoutNormalisingAllOfIt() throws {
        let tokenizer = try Self.makeTokenizer()
        let text = String(repeating: "Café hello ", count: 200_000)
        let ids = tokenizer.encode(text)
        #expect(ids.count == 256)
        #expect(ids[1] == 4)
    }
}
