import Synchronization

/// Loads the embedder the first time it is needed and shares it afterwards (the model takes a moment to
/// load and ~100 MB of memory: nothing pays for it until a vector is wanted). A failed load is retried on
/// the next call, so installing the model later needs no restart. A long-running process gives the memory back
/// once nothing has asked for the embedder for a while (`releaseIfUnused`); the next `get()` loads it again. A model
/// only background work asked for (indexing, enrichment: `get()`) can go sooner than one a person is searching with
/// (`get(interactive: true)`: search and Ask), whose next question should not wait for a reload.
public final class LazyEmbedder: Sendable {
    private struct State {
        var loaded: IndexEmbedder?
        var lastUse: ContinuousClock.Instant = .now
        var lastInteractiveUse: ContinuousClock.Instant?
    }

    private let load: @Sendable () throws -> IndexEmbedder
    private let state = Mutex(State())

    /// An embedder made by `load` on first use.
    public init(load: @escaping @Sendable () throws -> IndexEmbedder) {
        self.load = load
    }

    /// The embedder, loading it if needed; `interactive` when a person waits for the answer.
    public func get(interactive: Bool = false) throws -> IndexEmbedder {
        try state.withLock { state in
            state.lastUse = .now
            if interactive { state.lastInteractiveUse = state.lastUse }
            if let current = state.loaded { return current }
            let made = try load()
            state.loaded = made
            return made
        }
    }

    /// True once loaded (and not released since).
    public var isLoaded: Bool { state.withLock { $0.loaded != nil } }

    /// Drops the loaded embedder when nothing has asked for it for `idle` (as of `now`), or, given `backgroundIdle`,
    /// when nothing has for that long and no interactive use came within `idle`; returns true when it did. A caller
    /// still using the embedder it got keeps it alive until it is done (it is reference-counted), so a release never
    /// cuts off work in progress; the memory goes once the last user lets go.
    @discardableResult
    public func releaseIfUnused(for idle: Duration, backgroundIdle: Duration? = nil, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            guard state.loaded != nil else { return false }
            let unused = now - state.lastUse
            let searchedRecently = state.lastInteractiveUse.map { now - $0 < idle } ?? false
            let backgroundDone = backgroundIdle.map { unused >= $0 && !searchedRecently } ?? false
            guard unused >= idle || backgroundDone else { return false }
            state.loaded = nil
            return true
        }
    }
}
