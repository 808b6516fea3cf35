import SentenceEmbeddings

/// Vector helpers the index needs on top of `VectorMath`.
enum VectorMathHelpers {
    /// `vector` at unit length, with non-finite values replaced by zero (a damaged vector must not poison
    /// every score); a zero vector stays zero and scores 0 against any query.
    static func unit(_ vector: [Float]) -> [Float] {
        VectorMath.normalized(vector.map { $0.isFinite ? $0 : 0 })
    }
}
