import Foundation

/// BERT's uncased WordPiece tokenizer, as used by all-MiniLM-L6-v2: clean-up, CJK spacing, accent
/// stripping, lower-casing, whitespace and punctuation splitting, then greedy longest-match pieces.
public struct WordPieceTokenizer: Sendable {
    /// Words longer than this many Unicode scalars become a single `[UNK]`.
    public static let maximumWordLength = 100

    /// The id of `[CLS]`, which starts every encoding.
    public let classifierID: Int32
    /// The id of `[SEP]`, which ends every encoding.
    public let separatorID: Int32
    /// The id of `[UNK]`, used for words no pieces can spell.
    public let unknownID: Int32
    /// The number of entries (lines) in the vocabulary.
    public var vocabularySize: Int { tokens.count }

    private let tokens: [String]
    private let trie: VocabularyTrie

    /// Loads a `vocab.txt` file: one token per line, the line number being its id.
    public init(vocabulary url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EmbeddingError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        try self.init(vocabularyBytes: [UInt8](data))
    }

    /// Builds the tokenizer from the text of a `vocab.txt` file.
    public init(vocabularyText: String) throws {
        try self.init(vocabularyBytes: Array(vocabularyText.utf8))
    }

    private init(vocabularyBytes bytes: [UInt8]) throws {
        var tokens: [String] = []
        var trie = VocabularyTrie()
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            guard let token = String(validating: bytes[lineStart..<contentEnd], as: UTF8.self) else {
                throw EmbeddingError.malformedVocabulary(reason: "line \(tokens.count + 1) is not valid UTF-8")
            }
            guard tokens.count < Int32.max else {
                throw EmbeddingError.malformedVocabulary(reason: "too many lines")
            }
            if !token.isEmpty { trie.insert(token, id: Int32(tokens.count)) }
            tokens.append(token)
            lineStart = lineEnd + 1
        }
        func id(of special: String) throws -> Int32 {
            // The last occurrence wins, as when the reference builds its vocabulary map.
            guard let index = tokens.lastIndex(of: special) else {
                throw EmbeddingError.malformedVocabulary(reason: "it has no \(special) token")
            }
            return Int32(index)
        }
        classifierID = try id(of: "[CLS]")
        separatorID = try id(of: "[SEP]")
        unknownID = try id(of: "[UNK]")
        self.tokens = tokens
        self.trie = trie
    }

    /// Token ids for `text`: `[CLS]`, its word pieces cut to fit, `[SEP]`; at most `maxLength` ids (minimum 2).
    public func encode(_ text: String, maxLength: Int = 256) -> [Int32] {
        let budget = max(maxLength, 2) - 2
        var ids: [Int32] = [classifierID]
        if budget > 0 {
            Self.forEachWord(in: text) { word in
                appendPieces(of: word, to: &ids)
                return ids.count - 1 < budget
            }
            if ids.count - 1 > budget { ids.removeSubrange((budget + 1)...) }
        }
        ids.append(separatorID)
        return ids
    }

    /// The vocabulary entry for `id`, or nil when it is out of range.
    public func token(for id: Int32) -> String? {
        tokens.indices.contains(Int(id)) ? tokens[Int(id)] : nil
    }

    /// Appends the greedy longest-match pieces of one pre-tokenised word, or one `[UNK]` if it cannot be spelled.
    private func appendPieces(of word: UnsafeBufferPointer<Unicode.Scalar>, to ids: inout [Int32]) {
        guard word.count <= Self.maximumWordLength else {
            ids.append(unknownID)
            return
        }
        let mark = ids.count
        var start = 0
        while start < word.count {
            let root = start == 0 ? VocabularyTrie.wordStart : VocabularyTrie.continuation
            guard let match = trie.longestMatch(in: word, from: start, root: root) else {
                ids.removeSubrange(mark...)
                ids.append(unknownID)
                return
            }
            ids.append(match.id)
            start = match.end
        }
    }
}
