import MarksCore
import SystemSupport

/// The engine's access to a `TextEmbedder`: caps text length, checks the vectors' shape, normalises
/// them, and (for bookmark texts and tags) goes through the `EmbeddingCache`.
struct EmbeddingProvider: Sendable {
    /// Texts are cut to this many Unicode scalars before embedding (the model reads ~256 tokens anyway).
    static let maximumScalars = 2000
    /// Texts embedded per model call when a list is long (a 10,000-tag vocabulary): between calls the work
    /// checks whether its caller was cancelled (a request over its time budget), and memory stays bounded.
    static let chunkSize = 256

    let embedder: any TextEmbedder
    let cache: any EmbeddingCache

    var dimension: Int { embedder.dimension }

    /// Embeddings of `texts` straight from the model (page sentences and phrases: not worth caching).
    func embed(_ texts: [String]) throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        var vectors: [[Float]] = []
        do {
            let capped = texts.map(Self.capped)
            for start in stride(from: 0, to: capped.count, by: Self.chunkSize) {
                try WorkerPool.checkCancellation()
                vectors += try embedder.embed(Array(capped[start..<min(start + Self.chunkSize, capped.count)]))
            }
        } catch let error as EngineError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw EngineError.embeddingFailed(reason: String(describing: error))
        }
        guard vectors.count == texts.count else {
            throw EngineError.embeddingFailed(reason: "\(vectors.count) vectors for \(texts.count) texts")
        }
        return try vectors.map { vector in
            guard vector.count == dimension, dimension > 0 else {
                throw EngineError.embeddingFailed(reason: "a vector of \(vector.count) numbers where \(dimension) are expected")
            }
            guard vector.allSatisfy(\.isFinite) else {
                throw EngineError.embeddingFailed(reason: "a vector holds a number that is not finite")
            }
            return Vectors.normalized(vector)
        }
    }

    /// Embeddings of `texts`, taken from the cache where present; the rest are embedded once each and stored.
    func embedCached(_ texts: [String]) throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let capped = texts.map(Self.capped)
        let keys = capped.map { ContentHash($0, salt: String(dimension)) }
        var known: [ContentHash: [Float]]
        do {
            known = try cache.embeddings(for: Array(Set(keys)))
        } catch {
            throw EngineError.cacheFailed(reason: String(describing: error))
        }
        // A vector of the wrong size or with non-finite numbers (a damaged persistent cache) is made again.
        known = known.filter { $0.value.count == dimension && $0.value.allSatisfy(\.isFinite) }
        var missingTexts: [String] = []
        var missingKeys: [ContentHash] = []
        var queued = Set<ContentHash>()
        for (text, key) in zip(capped, keys) where known[key] == nil && queued.insert(key).inserted {
            missingTexts.append(text)
            missingKeys.append(key)
        }
        if !missingTexts.isEmpty {
            let vectors = try embed(missingTexts)
            var fresh: [ContentHash: [Float]] = [:]
            for (key, vector) in zip(missingKeys, vectors) { fresh[key] = vector }
            do {
                try cache.store(fresh)
            } catch {
                throw EngineError.cacheFailed(reason: String(describing: error))
            }
            known.merge(fresh) { old, _ in old }
        }
        return keys.map { known[$0] ?? [Float](repeating: 0, count: dimension) }
    }

    /// `text` cut to `maximumScalars` Unicode scalars.
    static func capped(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: maximumScalars, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return text }
        return String(scalars[..<end])
    }
}
