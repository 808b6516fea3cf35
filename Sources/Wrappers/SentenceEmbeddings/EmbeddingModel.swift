import Foundation
import Synchronization
import SystemSupport

/// all-MiniLM-L6-v2 in native Swift: text in, 384-dimensional unit vectors out (mean pooling,
/// L2 normalisation), matching sentence-transformers. Immutable after loading, so one instance can
/// be shared by any number of threads and tasks.
public final class EmbeddingModel: Sendable {
    /// Length of every embedding, known before any model is loaded.
    public static let dimension = BertWeights.hiddenSize
    /// Length of every embedding.
    public let dimension = BertWeights.hiddenSize
    /// Texts are cut to this many tokens, `[CLS]` and `[SEP]` included.
    public let maximumTokens = 256
    /// The tokenizer the model was loaded with.
    public let tokenizer: WordPieceTokenizer
    private let encoder: BertEncoder

    /// Threads that run batches side by side (one per core); OpenBLAS itself runs single-threaded.
    public let workerCount: Int
    /// The arithmetic of the linear layers in use.
    public let precision: EmbeddingPrecision

    /// The threads that share a call's batches with the calling thread (one per core beyond the first, shared
    /// by every model in the process). A helper never waits for anything, so callers cannot deadlock on them.
    static let helpers = WorkerPool(name: "embedding", threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1), niceness: 10)

    /// Tokens per forward batch: large enough for efficient `sgemm`, small enough to stay in cache
    /// and to share work evenly between the workers.
    static let batchTokenBudget = 512
    /// Sequences per forward batch at most.
    static let batchSequenceLimit = 64

    private init(tokenizer: WordPieceTokenizer, encoder: BertEncoder, workerCount: Int) {
        self.tokenizer = tokenizer
        self.encoder = encoder
        self.workerCount = max(1, workerCount)
        self.precision = encoder.weights.layers.first?.qkv.precision ?? .float32
    }

    /// Loads `model.safetensors`, `vocab.txt` and (if present) checks `config.json` in `directory`.
    /// `workerCount` threads share a call's batches (default: one per core); OpenBLAS, loaded here when no model was
    /// loaded before, runs each call on the calling thread (see `BLAS`). The linear layers run at `precision`
    /// (the fastest this CPU runs, `EmbeddingPrecision.fastest`; float32 when asked for, or where the CPU has no other).
    public static func load(directory: URL, workerCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                            precision: EmbeddingPrecision = .fastest) throws -> EmbeddingModel {
        guard ModelLocator.isComplete(directory) else {
            throw EmbeddingError.modelNotFound(message: ModelLocator.incompleteDirectoryMessage(directory))
        }
        try ModelConfiguration.check(directory.appendingPathComponent("config.json"))
        try BLAS.load()
        let tokenizer = try WordPieceTokenizer(vocabulary: directory.appendingPathComponent("vocab.txt"))
        guard tokenizer.vocabularySize == BertWeights.vocabularySize else {
            throw EmbeddingError.unsupportedModel(
                reason: "vocab.txt has \(tokenizer.vocabularySize) entries, the model \(BertWeights.vocabularySize)")
        }
        let weights = try BertWeights(SafeTensors(contentsOf: directory.appendingPathComponent("model.safetensors")), precision: precision)
        return EmbeddingModel(tokenizer: tokenizer, encoder: BertEncoder(weights: weights), workerCount: workerCount)
    }

    /// Loads the model from the directory `ModelLocator` finds, or throws `modelNotFound` saying how to get it. The
    /// linear layers run at `MARKS_EMBEDDING_PRECISION` (`float32`, `bfloat16` or `int8`) when it is set, else at the
    /// fastest this CPU runs; a precision this CPU lacks falls back to float32, and any other value is refused.
    public static func loadInstalled(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> EmbeddingModel {
        try load(directory: ModelLocator(environment: environment).requireDirectory(), precision: precision(environment))
    }

    /// The precision `MARKS_EMBEDDING_PRECISION` asks for (`fastest` when it is unset or empty).
    static func precision(_ environment: [String: String]) throws -> EmbeddingPrecision {
        guard let value = environment["MARKS_EMBEDDING_PRECISION"], !value.isEmpty else { return .fastest }
        guard let precision = EmbeddingPrecision(rawValue: value) else {
            throw EmbeddingError.unsupportedModel(
                reason: "MARKS_EMBEDDING_PRECISION is \"\(value)\"; it takes float32, bfloat16 or int8")
        }
        return precision
    }

    /// The embedding of one text.
    public func embed(_ text: String) -> [Float] {
        embed([text])[0] // safe: one text in, one vector out
    }

    /// Embeddings of `texts`, in order. Texts are grouped by length into batches internally and the
    /// batches shared between `workerCount` threads; pass a few hundred texts per call to bound memory.
    public func embed(_ texts: [String]) -> [[Float]] {
        embed(tokenIDs: texts.map { tokenizer.encode($0, maxLength: maximumTokens) })
    }

    /// Embeddings of already tokenised sequences (each starting with `[CLS]` and ending with `[SEP]`).
    func embed(tokenIDs sequences: [[Int32]]) -> [[Float]] {
        let clipped = sequences.map { $0.count > BertWeights.maximumPositions ? Array($0.prefix(BertWeights.maximumPositions)) : $0 }
        let batches = Self.batches(clipped)
        let workers = min(workerCount, batches.count)
        guard workers > 1 else {
            var results = [[Float]](repeating: [], count: clipped.count)
            let workspace = EncoderWorkspace()
            for batch in batches {
                let vectors = encoder.embed(batch.map { clipped[$0] }, workspace: workspace)
                for (index, vector) in zip(batch, vectors) { results[index] = vector }
            }
            return results
        }
        // The calling thread and helper threads take the next batch (longest first) until none is left, so the
        // load evens out. The helpers are the model's own threads, not Dispatch's (on Linux those are the
        // threads Swift's async tasks run on: a forward pass there stalls every request of the server).
        let results = Mutex([[Float]](repeating: [], count: clipped.count))
        let nextBatch = Atomic(0)
        let encoder = encoder
        let work: @Sendable () -> Void = {
            let workspace = EncoderWorkspace()
            while true {
                let number = nextBatch.wrappingAdd(1, ordering: .relaxed).oldValue
                guard number < batches.count else { return }
                let batch = batches[number]
                let vectors = encoder.embed(batch.map { clipped[$0] }, workspace: workspace)
                results.withLock { results in
                    for (index, vector) in zip(batch, vectors) { results[index] = vector }
                }
            }
        }
        let helpersDone = DispatchSemaphore(value: 0)
        var helpers = 0
        for _ in 1..<workers where Self.helpers.submit({ work(); helpersDone.signal() }) {
            helpers += 1
        }
        work()
        for _ in 0..<helpers { helpersDone.wait() }
        return results.withLock { $0 }
    }

    /// Input indices grouped into batches of similar length (longest first) within the token budget.
    static func batches(_ sequences: [[Int32]]) -> [[Int]] {
        let order = sequences.indices.sorted { sequences[$0].count > sequences[$1].count }
        var batches: [[Int]] = []
        var current: [Int] = []
        var tokens = 0
        for index in order {
            let length = sequences[index].count
            if !current.isEmpty, tokens + length > batchTokenBudget || current.count == batchSequenceLimit {
                batches.append(current)
                current = []
                tokens = 0
            }
            current.append(index)
            tokens += length
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }
}
