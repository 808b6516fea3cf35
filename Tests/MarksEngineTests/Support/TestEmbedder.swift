import MarksCore
import Synchronization
@testable import MarksEngine

/// A deterministic bag-of-words embedder for tests that need no real model: each word stem adds to one
/// hashed dimension; texts sharing words are similar, others are not. Counts calls and texts embedded.
final class TestEmbedder: TextEmbedder {
    let dimension: Int
    private let counters = Mutex((calls: 0, texts: 0))
    private let failure: EngineError?

    init(dimension: Int = 1024, failure: EngineError? = nil) {
        self.dimension = dimension
        self.failure = failure
    }

    var calls: Int { counters.withLock { $0.calls } }
    var textsEmbedded: Int { counters.withLock { $0.texts } }

    func embed(_ texts: [String]) throws -> [[Float]] {
        counters.withLock {
            $0.calls += 1
            $0.texts += texts.count
        }
        if let failure { throw failure }
        return texts.map(vector)
    }

    func vector(_ text: String) -> [Float] {
        var vector = [Float](repeating: 0, count: dimension)
        vector[0] = 0.05
        for word in WordTokenizer.words(text) where !StopWords.contains(word) {
            let slot = 1 + Int(ContentHash(Stemmer.stem(word)).high % UInt64(dimension - 1))
            vector[slot] += 1
        }
        return Vectors.normalized(vector)
    }
}

/// An embedder that returns vectors of the wrong shape, to check the engine refuses them.
struct BrokenEmbedder: TextEmbedder {
    enum Fault: Sendable { case wrongCount, wrongDimension, notFinite }
    let fault: Fault
    let dimension = 8

    func embed(_ texts: [String]) throws -> [[Float]] {
        switch fault {
        case .wrongCount: return []
        case .wrongDimension: return texts.map { _ in [1, 0, 0] }
        case .notFinite: return texts.map { _ in [Float](repeating: .nan, count: 8) }
        }
    }
}
