/// Anything that turns texts into unit-length vectors of one fixed dimension (the real model is
/// `SentenceEmbeddings.EmbeddingModel`; tests may use a small deterministic embedder).
public protocol TextEmbedder: Sendable {
    /// One vector of `dimension` numbers per text, in order.
    func embed(_ texts: [String]) throws -> [[Float]]
    /// The length of every vector.
    var dimension: Int { get }
}
