import MarksEngine
import Synchronization

/// A `TextEmbedder` that loads its model on first use (loading OpenBLAS and the weights costs start-up
/// time a server that never enriches should not pay). A failed load is tried again on the next call.
public final class LazyEmbedder: TextEmbedder {
    /// An embedding function of a loaded model.
    public typealias Embed = @Sendable ([String]) throws -> [[Float]]

    /// The length of every vector (known before loading).
    public let dimension: Int
    private let load: @Sendable () throws -> Embed
    private let loaded = Mutex<Embed?>(nil)

    /// An embedder of `dimension`-long vectors whose model `load` makes.
    public init(dimension: Int, load: @escaping @Sendable () throws -> Embed) {
        self.dimension = dimension
        self.load = load
    }

    public func embed(_ texts: [String]) throws -> [[Float]] {
        let embed = try loaded.withLock { current -> Embed in
            if let current { return current }
            let fresh = try load()
            current = fresh
            return fresh
        }
        return try embed(texts)
    }
}
