import MarksJobs
import Synchronization
import SystemSupport

/// Computes the missing vectors of the index: embeds pending texts in batches and stores each batch before the
/// next, so an interrupted run resumes where it stopped (pending = texts whose hash has no vector). In the
/// background it runs as the job kind `index.vectors`: `schedule()` enqueues one coalesced job (every save asks,
/// one run answers them all), which the job runner runs off the saving task. The embedding runs on `workers`
/// (`WorkerPool.compute`), the index reads and writes on the database's own threads: never on Swift's
/// cooperative pool.
public final class VectorIndexer: Sendable {
    /// The job kind of a background run.
    public static let jobKind = "index.vectors"
    /// The index it fills.
    public let index: SearchIndex
    /// Texts embedded per batch.
    public let batchSize: Int
    /// Vectors a run must have stored to pack the file after it (`SearchIndex.pack`): they arrive in the random
    /// order of their texts' keys.
    public let packAfter: Int
    private let embedder: LazyEmbedder
    private let jobs: JobRunner?
    private let workers: WorkerPool
    private let live = Mutex<IndexProgress?>(nil)

    /// How far this process's run is, while one runs (nil otherwise): the Search tab's Semantic mode and the Ask tab say
    /// how much of the library search by meaning has read yet. A read of memory, no I/O.
    public var runningProgress: IndexProgress? { live.withLock { $0 } }

    /// An indexer for `index`. `embedder` is called once, when the first text needs a vector (so loading the
    /// model costs nothing until then); `jobs` runs the background runs `schedule()` asks for; the embedding
    /// runs on `workers`.
    public convenience init(index: SearchIndex, batchSize: Int = 256, jobs: JobRunner? = nil, workers: WorkerPool = .compute,
                            packAfter: Int = SearchIndex.packAfterAdding, embedder: @escaping @Sendable () throws -> IndexEmbedder) {
        self.init(index: index, batchSize: batchSize, jobs: jobs, workers: workers, packAfter: packAfter,
                  model: LazyEmbedder(load: embedder))
    }

    /// An indexer on a shared `model` (asked once per batch, so a process that released the model while idle
    /// loads it again for the next run and does not keep a copy of its own).
    public init(index: SearchIndex, batchSize: Int = 256, jobs: JobRunner? = nil, workers: WorkerPool = .compute,
                packAfter: Int = SearchIndex.packAfterAdding, model: LazyEmbedder) {
        self.index = index
        self.workers = workers
        self.batchSize = max(1, batchSize)
        self.packAfter = packAfter
        self.jobs = jobs
        self.embedder = model
    }

    private func currentEmbedder() throws -> IndexEmbedder {
        let made = try embedder.get()
        guard made.dimension == index.dimension else {
            throw IndexError.dimensionMismatch(expected: index.dimension, found: made.dimension)
        }
        return made
    }

    /// Embeds pending texts until none is left (or `limit` are done), reporting progress after each batch stored,
    /// and packs the file when it stored `packAfter` vectors or more. Stops early, with what it stored kept (not
    /// packed), when the task is cancelled. Two runs at once may embed a text
    /// twice, which is harmless. While `workers` embed one batch, the database's threads store the one before and
    /// read the next (which skips the texts being embedded, not yet stored): the cores need not wait for the disk.
    @discardableResult
    public func run(limit: Int = .max, progress: @Sendable (IndexProgress) -> Void = { _ in }) async throws -> IndexProgress {
        let index = index
        let pending = try await index.database.onReaderThread { try index.pendingTextCount() }
        var state = IndexProgress(done: 0, total: min(limit, pending))
        live.withLock { $0 = state }
        defer { live.withLock { $0 = nil } }
        progress(state)
        var claimed = 0
        var batch = try await read(limit: min(batchSize, limit), excluding: [])
        claimed += batch.count
        var previous: (texts: [PendingText], vectors: [[Float]])?
        while !batch.isEmpty, !Task.isCancelled {
            let texts = batch
            async let vectors = workers.run { try self.currentEmbedder().vectors(texts.map(\.text)) }
            if let previous {
                try await store(previous.texts, previous.vectors, state: &state, progress: progress)
            }
            let size = min(batchSize, limit - claimed)
            batch = size > 0 ? try await read(limit: size, excluding: Set(texts.map(\.contentHash))) : []
            claimed += batch.count
            if claimed > state.total {
                // Texts saved since the run began: what is left is counted again (a scan, so only once the last count
                // is used up, not every batch), and the progress says how much there really is to do.
                let left = try await index.database.onReaderThread { try index.pendingTextCount() }
                state.total = max(claimed, min(limit, state.done + left))
                live.withLock { [state] in $0 = state }
            }
            previous = (texts, try await vectors)
        }
        if let previous {
            try await store(previous.texts, previous.vectors, state: &state, progress: progress)
        }
        if state.done >= packAfter, !Task.isCancelled {
            try await index.database.onWriterThread { try index.pack() }
        }
        return state
    }

    /// Up to `limit` pending texts, none of `excluding` (texts being embedded).
    private func read(limit: Int, excluding: Set<Int64>) async throws -> [PendingText] {
        let index = index
        let found = try await index.database.onReaderThread { try index.pendingTexts(limit: limit + excluding.count) }
        return Array(found.lazy.filter { !excluding.contains($0.contentHash) }.prefix(limit))
    }

    private func store(_ texts: [PendingText], _ vectors: [[Float]], state: inout IndexProgress,
                       progress: @Sendable (IndexProgress) -> Void) async throws {
        let index = index
        try await index.database.onWriterThread { try index.storeVectors(zip(texts, vectors).map { ($0.contentHash, $1) }) }
        state.done += texts.count
        state.total = max(state.total, state.done)
        live.withLock { [state] in $0 = state }
        progress(state)
    }

    /// Asks for a background run: enqueues the coalesced `index.vectors` job (nothing when there is no runner,
    /// as in CLI commands: `marks index` or a semantic search computes the vectors there).
    public func schedule() async throws {
        guard let jobs else { return }
        try await jobs.enqueue(Self.job)
    }

    /// The coalesced background job.
    public static let job = JobRequest(kind: jobKind, key: "vectors")

    /// The background run as a job kind for the runner (one at a time; a cancelled run resumes where it stopped).
    /// Without the model the job waits, saying how to get it (`recheck` later), instead of failing: keyword
    /// search works meanwhile and nothing is lost. `embedded` hears of a run that stored vectors (the saved
    /// collections queue their refresh there).
    public func backgroundKind(recheck: Duration = .seconds(3600),
                               embedded: @escaping @Sendable () async throws -> Void = {}) -> JobKind {
        JobKind(Self.jobKind, retry: .job(maxAttempts: 3, baseDelay: .seconds(60))) { context in
            do {
                let result = try await self.run { progress in
                    context.report(JobProgress(done: progress.done, total: progress.total,
                                               text: "\(progress.done) of \(progress.total) texts embedded"))
                }
                if result.done > 0 { try await embedded() }
            } catch IndexError.modelMissing(let message) {
                throw context.postpone(until: context.clock.now().addingTimeInterval(Double(recheck.components.seconds)),
                                       reason: message)
            }
            try context.checkCancellation()
        }
    }
}
