/// A prefix tree over Unicode scalars for WordPiece's greedy longest match.
///
/// Keys are compared scalar by scalar (as the reference tokenizer compares bytes), never with
/// Swift's canonical string equivalence, so a decomposed "가" does not match a precomposed one.
struct VocabularyTrie: Sendable {
    /// Root for pieces that start a word.
    static let wordStart: Int32 = 0
    /// Root for continuation pieces (vocabulary entries spelled `##…`, stored without the prefix).
    static let continuation: Int32 = 1

    private var children: [UInt64: Int32] = [:]
    private var tokenIDs: [Int32] = [-1, -1]

    /// Adds `token` with `id`; a later duplicate replaces an earlier one, as in the reference.
    mutating func insert(_ token: String, id: Int32) {
        insert(token.unicodeScalars, under: Self.wordStart, id: id)
        let scalars = token.unicodeScalars
        if scalars.count > 2, scalars.starts(with: "##".unicodeScalars) {
            insert(scalars.dropFirst(2), under: Self.continuation, id: id)
        }
    }

    /// The longest vocabulary entry that starts at `start` in `word`: its end index and id.
    func longestMatch(in word: UnsafeBufferPointer<Unicode.Scalar>, from start: Int, root: Int32) -> (end: Int, id: Int32)? {
        var node = root
        var best: (end: Int, id: Int32)?
        var index = start
        while index < word.count, let next = children[Self.key(node, word[index])] {
            node = next
            index += 1
            let id = tokenIDs[Int(node)]
            if id >= 0 { best = (index, id) }
        }
        return best
    }

    private mutating func insert(_ scalars: some Sequence<Unicode.Scalar>, under root: Int32, id: Int32) {
        var node = root
        for scalar in scalars {
            let key = Self.key(node, scalar)
            if let next = children[key] {
                node = next
            } else {
                let next = Int32(tokenIDs.count)
                tokenIDs.append(-1)
                children[key] = next
                node = next
            }
        }
        if node != root { tokenIDs[Int(node)] = id }
    }

    private static func key(_ node: Int32, _ scalar: Unicode.Scalar) -> UInt64 {
        UInt64(UInt32(bitPattern: node)) << 32 | UInt64(scalar.value)
    }
}
