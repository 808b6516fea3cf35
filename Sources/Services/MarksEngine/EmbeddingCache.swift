import MarksCore

/// Where embeddings of bookmark texts and tags are kept between calls, keyed by `ContentHash`.
/// An in-memory LRU comes with the engine; the library can persist them in its database.
public protocol EmbeddingCache: Sendable {
    /// The stored vectors for those `keys` that are present.
    func embeddings(for keys: [ContentHash]) throws -> [ContentHash: [Float]]
    /// Stores vectors (replacing any stored under the same key).
    func store(_ embeddings: [ContentHash: [Float]]) throws
}
