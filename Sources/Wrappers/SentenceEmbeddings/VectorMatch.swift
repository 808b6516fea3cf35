/// A matrix row scored against a query vector.
public struct VectorMatch: Sendable, Equatable, Hashable {
    /// The row's position in the matrix.
    public let index: Int
    /// The dot product with the query (the cosine when both are unit length).
    public let score: Float

    /// A match of row `index` with `score`.
    public init(index: Int, score: Float) {
        self.index = index
        self.score = score
    }
}
