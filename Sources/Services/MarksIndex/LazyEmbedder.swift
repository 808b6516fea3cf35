import Synchronization

/// Loads the embedder the first time it is needed and shares it afterwards (the model takes a moment to
/// load and ~100 MB of memory: nothing pays for it until a vector is wanted). A failed load is retried on
/// the next call, so installing the model later needs no restart.
public final class LazyEmbedder: Sendable {
    private let load: @Sendable () throws -> IndexEmbedder
    private let loaded = Mutex<IndexEmbedder?>(nil)

    /// An embedder made by `load` on first use.
    public init(load: @escaping @Sendable () throws -> IndexEmbedder) {
        self.load = load
    }

    /// The embedder, loading it if needed.
    public func get() throws -> IndexEmbedder {
        try loaded.withLock { current in
            if let current { return current }
            let made = try load()
            current = made
            return made
        }
    }

    /// True once loaded.
    public var isLoaded: Bool { loaded.withLock { $0 != nil } }
}
