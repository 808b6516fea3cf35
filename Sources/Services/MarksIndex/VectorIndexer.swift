import SystemSupport

/// Computes the missing vectors of the index in the background: embeds pending texts in batches and stores
/// each batch before the next, so an interrupted run resumes where it stopped (pending = texts whose hash has
/// no vector). `schedule()` coalesces requests from every save into one background run; the embedding runs off
/// the actor, so a save that schedules never waits for a run in progress. The embedding runs on `workers`
/// (`WorkerPool.compute`), the index reads and writes on the database's own threads: never on Swift's
/// cooperative pool.
public actor VectorIndexer {
    /// The index it fills.
    public let index: SearchIndex
    /// Texts embedded per batch.
    public let batchSize: Int
    private let embedder: LazyEmbedder
    private let workers: WorkerPool
    private var background: Task<Void, Never>?
    private var runAgain = false
    /// The error that stopped the last background run, if any (the next run starts over).
    public private(set) var lastError: IndexError?

    /// An indexer for `index`. `embedder` is called once, when the first text needs a vector (so loading the
    /// model costs nothing until then).
    public init(index: SearchIndex, batchSize: Int = 128, workers: WorkerPool = .compute,
                embedder: @escaping @Sendable () throws -> IndexEmbedder) {
        self.index = index
        self.workers = workers
        self.batchSize = max(1, batchSize)
        self.embedder = LazyEmbedder(load: embedder)
    }

    private nonisolated func currentEmbedder() throws -> IndexEmbedder {
        let made = try embedder.get()
        guard made.dimension == index.dimension else {
            throw IndexError.dimensionMismatch(expected: index.dimension, found: made.dimension)
        }
        return made
    }

    /// Embeds pending texts until none is left (or `limit` are done), reporting progress after each batch.
    /// Stops early, with what it stored kept, when the task is cancelled. Runs off the actor; two runs at once
    /// may embed a text twice, which is harmless.
    @discardableResult
    public nonisolated func run(limit: Int = .max, progress: @Sendable (IndexProgress) -> Void = { _ in }) async throws -> IndexProgress {
        let index = index
        let pending = try await index.database.onReaderThread { try index.statistics().pendingTexts }
        var state = IndexProgress(done: 0, total: min(limit, pending))
        progress(state)
        while state.done < limit, !Task.isCancelled {
            let size = min(batchSize, limit - state.done)
            let batch = try await index.database.onReaderThread { try index.pendingTexts(limit: size) }
            guard !batch.isEmpty else { break }
            let vectors = try await workers.run { try self.currentEmbedder().vectors(batch.map(\.text)) }
            try await index.database.onWriterThread { try index.storeVectors(zip(batch, vectors).map { ($0.contentHash, $1) }) }
            state.done += batch.count
            state.total = max(state.total, state.done) // texts saved meanwhile grow the total (counting them each batch would cost a scan)
            progress(state)
        }
        return state
    }

    /// Starts a background run if none is going, or asks the current one to look again when it ends.
    public func schedule() {
        guard background == nil else {
            runAgain = true
            return
        }
        background = Task { await self.backgroundLoop() }
    }

    /// Waits until no background run is going (returns at once when idle).
    public func waitUntilIdle() async {
        while let task = background {
            await task.value
        }
    }

    private func backgroundLoop() async {
        repeat {
            runAgain = false
            do {
                try await run()
                lastError = nil
            } catch let error as IndexError {
                lastError = error
            } catch {
                lastError = .storage(String(describing: error))
            }
        } while runAgain && !Task.isCancelled
        background = nil
    }
}
