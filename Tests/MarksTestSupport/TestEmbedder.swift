import MarksCore
import Synchronization
@testable import MarksEngine

/// The one deterministic embedder of the tests (no model file needed): a bag of word stems, each stem adding
/// to one hashed dimension, normalised to unit length. Texts sharing words are similar, others are not. It
/// counts calls and texts, and can be told to fail.
public final class TestEmbedder: TextEmbedder {
    public let dimension: Int
    private let counters = Mutex((calls: 0, texts: 0))
    private let failure: (any Error & Sendable)?

    /// An embedder of `dimension` numbers; with `failure`, every call throws it.
    public init(dimension: Int = 1024, failure: (any Error & Sendable)? = nil) {
        self.dimension = max(2, dimension)
        self.failure = failure
    }

    /// How many times `embed` was called.
    public var calls: Int { counters.withLock { $0.calls } }
    /// How many texts were embedded in all.
    public var textsEmbedded: Int { counters.withLock { $0.texts } }

    public func embed(_ texts: [String]) throws -> [[Float]] {
        counters.withLock {
            $0.calls += 1
            $0.texts += texts.count
        }
        if let failure { throw failure }
        return texts.map(vector)
    }

    /// The vector of one text.
    public func vector(_ text: String) -> [Float] {
        var vector = [Float](repeating: 0, count: dimension)
        vector[0] = 0.05
        for word in WordTokenizer.words(text) where !StopWords.contains(word) {
            let slot = 1 + Int(ContentHash(Stemmer.stem(word)).high % UInt64(dimension - 1))
            vector[slot] += 1
        }
        return Vectors.normalized(vector)
    }
}
