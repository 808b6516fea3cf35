/// The indexed passages' vectors in memory, one row per passage with the document (bookmark or source) it belongs to.
typealias PassageMatrix = EmbeddingMatrix<Int>

extension EmbeddingMatrix<Int>.Rows {
    /// Adds or replaces the row of passage `id`, a passage of `document`.
    mutating func set(id: Int, document: Int, vector: QuantizedVector) {
        set(id: id, info: document, vector: vector)
    }

    /// The `count` passages most similar to `query` among those of `allowedDocuments`, best first.
    func top(_ query: [Float], count: Int, allowedDocuments: Set<Int>) -> [(id: Int, score: Float)] {
        guard !allowedDocuments.isEmpty else { return [] }
        return top(query, count: count) { _, document in allowedDocuments.contains(document) }
    }
}
