import MarksEngine
import MarksIndex

extension LazyEmbedder {
    /// The same lazily loaded model as the AI engine's `TextEmbedder`, so the index, the engine and the backend
    /// share one model, loaded on first use. `dimension` is known without loading it.
    public func textEmbedder(dimension: Int) -> any TextEmbedder {
        LazyTextEmbedder(model: self, dimension: dimension)
    }
}

/// A `TextEmbedder` view of a `LazyEmbedder`.
private struct LazyTextEmbedder: TextEmbedder {
    let model: LazyEmbedder
    let dimension: Int

    func embed(_ texts: [String]) throws -> [[Float]] {
        try model.get().embed(texts)
    }
}
