import Foundation
import MarksIndex
import Synchronization
import Testing

/// The shared model is loaded on first use and given back after a while unused (`marks serve --model-idle`); work
/// that holds it keeps it, and the next use loads it again.
@Suite struct LazyEmbedderTests {
    @Test func anUnusedEmbedderIsReleasedAndLoadedAgainOnNextUse() throws {
        let loads = Atomic(0)
        let model = LazyEmbedder {
            loads.add(1, ordering: .relaxed)
            return WordHashEmbedder.embedder()
        }
        #expect(!model.releaseIfUnused(for: .zero), "nothing loaded: nothing to release")
        let held = try model.get()
        _ = try model.get()
        #expect(loads.load(ordering: .relaxed) == 1)
        #expect(!model.releaseIfUnused(for: .seconds(60)), "just used")
        #expect(model.isLoaded)

        #expect(model.releaseIfUnused(for: .seconds(60), now: .now + .seconds(61)))
        #expect(!model.isLoaded)
        #expect(try held.vectors(["still works"]).count == 1, "a caller that holds it keeps it until done")
        _ = try model.get()
        #expect(loads.load(ordering: .relaxed) == 2)
        #expect(model.isLoaded)
    }

    /// A model only background work asked for goes after `backgroundIdle`; once a person searched with it, it stays the
    /// whole `idle`, and without a `backgroundIdle` (the server was busy that second) only `idle` counts.
    @Test func aModelOnlyBackgroundWorkUsedGoesSooner() throws {
        let model = LazyEmbedder { WordHashEmbedder.embedder() }
        _ = try model.get()
        let soon = ContinuousClock.now + .seconds(6)
        #expect(!model.releaseIfUnused(for: .seconds(300), now: soon), "no backgroundIdle: the whole idle")
        #expect(!model.releaseIfUnused(for: .seconds(300), backgroundIdle: .seconds(10), now: soon), "used 6 s ago")
        #expect(model.releaseIfUnused(for: .seconds(300), backgroundIdle: .seconds(5), now: soon))

        _ = try model.get(interactive: true)
        _ = try model.get()  // background work after the search
        let later = ContinuousClock.now + .seconds(60)
        #expect(!model.releaseIfUnused(for: .seconds(300), backgroundIdle: .seconds(5), now: later), "searched a minute ago")
        #expect(model.releaseIfUnused(for: .seconds(300), backgroundIdle: .seconds(5), now: .now + .seconds(301)))
    }

    /// The vector indexer asks the shared model for each batch, so a released model is loaded again for the next run
    /// rather than kept alive by a copy of the indexer's own.
    @Test func theVectorIndexerUsesTheSharedModelAfterARelease() async throws {
        let fixture = try IndexFixture()
        let loads = Atomic(0)
        let model = LazyEmbedder {
            loads.add(1, ordering: .relaxed)
            return WordHashEmbedder.embedder()
        }
        let indexer = VectorIndexer(index: fixture.index, batchSize: 2, model: model)
        try fixture.index.upsert((1...3).map { bookmark($0, "First \($0)") })
        try await indexer.run()
        #expect(loads.load(ordering: .relaxed) == 1)
        #expect(model.releaseIfUnused(for: .zero))
        try fixture.index.upsert((4...5).map { bookmark($0, "Second \($0)") })
        try await indexer.run()
        #expect(loads.load(ordering: .relaxed) == 2)
        #expect(try fixture.index.statistics().pendingTexts == 0)
    }
}
