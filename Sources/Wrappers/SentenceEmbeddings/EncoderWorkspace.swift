/// Scratch buffers for one batch of the forward pass; grown on demand, freed in `deinit`.
/// Used by one thread at a time, so it is deliberately not Sendable.
final class EncoderWorkspace {
    private(set) var hidden = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private(set) var qkv = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private(set) var context = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private(set) var intermediate = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    private(set) var scores = UnsafeMutablePointer<Float>.allocate(capacity: 0)
    /// A linear layer's inputs rounded to bfloat16, or as bytes with their steps (the widest input: the feed-forward's).
    private(set) var rounded = UnsafeMutablePointer<UInt16>.allocate(capacity: 0)
    private var tokenCapacity = 0
    private var scoreCapacity = 0

    /// Makes room for `tokens` packed tokens whose longest sequence has `longest` tokens.
    func reserve(tokens: Int, longest: Int) {
        if tokens > tokenCapacity {
            release(tokenBuffers: true, scores: false)
            hidden = .allocate(capacity: tokens * BertWeights.hiddenSize)
            qkv = .allocate(capacity: tokens * 3 * BertWeights.hiddenSize)
            context = .allocate(capacity: tokens * BertWeights.hiddenSize)
            intermediate = .allocate(capacity: tokens * BertWeights.intermediateSize)
            rounded = .allocate(capacity: tokens * BertWeights.intermediateSize)
            tokenCapacity = tokens
        }
        // Float32 attention's scores (longest²), or the AVX-512 attention's transposed keys, its values and a row of scores.
        let needed = max(longest * longest, (2 * BertWeights.headSize + 1) * ((longest + 15) / 16 * 16))
        if needed > scoreCapacity {
            release(tokenBuffers: false, scores: true)
            scores = .allocate(capacity: needed)
            scoreCapacity = needed
        }
    }

    deinit {
        release(tokenBuffers: true, scores: true)
    }

    private func release(tokenBuffers: Bool, scores releaseScores: Bool) {
        if tokenBuffers {
            hidden.deallocate()
            qkv.deallocate()
            context.deallocate()
            intermediate.deallocate()
            rounded.deallocate()
        }
        if releaseScores { scores.deallocate() }
    }
}
