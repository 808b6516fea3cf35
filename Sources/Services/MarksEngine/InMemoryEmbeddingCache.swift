import MarksCore
import Synchronization

/// An `EmbeddingCache` in memory that forgets the least recently used entries beyond `capacity`.
public final class InMemoryEmbeddingCache: EmbeddingCache {
    private struct Entry {
        var vector: [Float]
        var lastUse: UInt64
    }

    private struct State {
        var entries: [ContentHash: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// The most entries kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// An empty cache holding at most `capacity` vectors (at least one).
    public init(capacity: Int = 20_000) {
        self.capacity = max(1, capacity)
    }

    /// How many vectors are stored.
    public var count: Int { state.withLock { $0.entries.count } }

    public func embeddings(for keys: [ContentHash]) -> [ContentHash: [Float]] {
        state.withLock { state in
            var found: [ContentHash: [Float]] = [:]
            for key in keys {
                guard var entry = state.entries[key] else { continue }
                state.clock += 1
                entry.lastUse = state.clock
                state.entries[key] = entry
                found[key] = entry.vector
            }
            return found
        }
    }

    public func store(_ embeddings: [ContentHash: [Float]]) {
        state.withLock { state in
            for (key, vector) in embeddings {
                state.clock += 1
                state.entries[key] = Entry(vector: vector, lastUse: state.clock)
            }
            guard state.entries.count > capacity else { return }
            // Evict down to 90% of capacity at once so eviction cost is amortised over many stores.
            let keep = max(1, capacity - capacity / 10)
            let byAge = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
            for (key, _) in byAge.prefix(state.entries.count - keep) {
                state.entries[key] = nil
            }
        }
    }
}
