import CEncoderKernels

/// The BERT forward pass with mean pooling and L2 normalisation, over several sequences at once.
///
/// Sequences are packed back to back (no padding): every projection is one matrix product over all tokens
/// of the batch (`LinearWeights`: float32 sgemm, bfloat16 or int8), and attention runs per sequence and head over that
/// sequence's own tokens only, which gives exactly what a padded batch with an attention mask gives, without the
/// padding work.
struct BertEncoder: Sendable {
    let weights: BertWeights

    /// Unit-length embeddings of `sequences` (token ids, each 1…512 long and below the vocabulary size).
    func embed(_ sequences: [[Int32]], workspace: EncoderWorkspace) -> [[Float]] {
        let hiddenSize = BertWeights.hiddenSize
        let tokenCount = sequences.reduce(0) { $0 + $1.count }
        let longest = sequences.map(\.count).max() ?? 0
        guard tokenCount > 0 else { return sequences.map { _ in [Float](repeating: 0, count: hiddenSize) } }
        workspace.reserve(tokens: tokenCount, longest: longest)
        let hidden = workspace.hidden
        writeEmbeddings(sequences, into: hidden)
        for layer in weights.layers {
            runLayer(layer, sequences: sequences, tokenCount: tokenCount, workspace: workspace)
        }
        return pool(sequences, hidden: hidden)
    }

    /// Word + position (+ token type 0) embeddings, then layer norm.
    private func writeEmbeddings(_ sequences: [[Int32]], into hidden: UnsafeMutablePointer<Float>) {
        let hiddenSize = BertWeights.hiddenSize
        let vocabularySize = BertWeights.vocabularySize
        weights.wordEmbeddings.withUnsafeBufferPointer { words in
            weights.positionEmbeddings.withUnsafeBufferPointer { positions in
                var row = hidden
                for sequence in sequences {
                    for (position, id) in sequence.enumerated() {
                        let token = Int(id) < vocabularySize && id >= 0 ? Int(id) : 0
                        for column in 0..<hiddenSize {
                            row[column] = words[token * hiddenSize + column] + positions[position * hiddenSize + column]
                        }
                        row += hiddenSize
                    }
                }
            }
        }
        let rows = sequences.reduce(0) { $0 + $1.count }
        layerNorm(rows: rows, data: hidden, bias: nil, gamma: weights.embeddingNormGamma, beta: weights.embeddingNormBeta)
    }

    /// Whether the element-wise work runs in CEncoderKernels' AVX-512 code (with the bfloat16 or int8 linear layers,
    /// so a CPU with AVX-512); else Swift's `TensorKernels` (the float32 reference, and any other CPU).
    private var vectorKernels: Bool { weights.layers.first.map { $0.qkv.precision != .float32 } ?? false }

    /// Per row: x += bias (when given), then the layer norm with `gamma` and `beta`.
    private func layerNorm(rows: Int, data: UnsafeMutablePointer<Float>, bias: [Float]?, gamma: [Float], beta: [Float]) {
        let width = BertWeights.hiddenSize, epsilon = BertWeights.layerNormEpsilon
        if vectorKernels {
            if let bias {
                marks_avx512_bias_layernorm(Int32(rows), Int32(width), data, bias, gamma, beta, epsilon)
            } else {
                marks_avx512_bias_layernorm(Int32(rows), Int32(width), data, nil, gamma, beta, epsilon)
            }
        } else if let bias {
            TensorKernels.biasLayerNorm(rows: rows, width: width, data: data, bias: bias, gamma: gamma, beta: beta, epsilon: epsilon)
        } else {
            TensorKernels.biasLayerNorm(rows: rows, width: width, data: data, bias: nil, gamma: gamma, beta: beta, epsilon: epsilon)
        }
    }

    private func runLayer(_ layer: BertWeights.Layer, sequences: [[Int32]], tokenCount: Int, workspace: EncoderWorkspace) {
        let hiddenSize = BertWeights.hiddenSize
        let qkvWidth = 3 * hiddenSize
        let intermediateSize = BertWeights.intermediateSize
        let hidden = workspace.hidden
        let qkv = workspace.qkv
        let context = workspace.context
        let intermediate = workspace.intermediate

        // Self-attention: fused Q/K/V projection, per-head attention, output projection added onto the residual.
        let scratch = workspace.rounded
        layer.qkv.apply(rows: tokenCount, input: hidden, lda: hiddenSize, output: qkv, ldc: qkvWidth, accumulate: false,
                        epilogue: .bias(layer.qkvBias), scratch: scratch)
        attend(sequences, workspace: workspace)
        layer.attentionOutput.apply(rows: tokenCount, input: context, lda: hiddenSize, output: hidden, ldc: hiddenSize,
                                    accumulate: true, scratch: scratch)
        layerNorm(rows: tokenCount, data: hidden, bias: layer.attentionOutputBias, gamma: layer.attentionNormGamma,
                  beta: layer.attentionNormBeta)

        // Feed-forward: GELU(x·W1ᵀ + b1)·W2ᵀ added onto the residual, then layer norm.
        layer.intermediate.apply(rows: tokenCount, input: hidden, lda: hiddenSize, output: intermediate, ldc: intermediateSize,
                                 accumulate: false, epilogue: .biasGELU(layer.intermediateBias), scratch: scratch)
        layer.output.apply(rows: tokenCount, input: intermediate, lda: intermediateSize, output: hidden, ldc: hiddenSize,
                           accumulate: true, scratch: scratch)
        layerNorm(rows: tokenCount, data: hidden, bias: layer.outputBias, gamma: layer.outputNormGamma, beta: layer.outputNormBeta)
    }

    /// softmax(Q·Kᵀ/√d)·V for each sequence and head, reading Q, K, V in place from the fused buffer.
    private func attend(_ sequences: [[Int32]], workspace: EncoderWorkspace) {
        let hiddenSize = BertWeights.hiddenSize
        let qkvWidth = 3 * hiddenSize
        let headSize = BertWeights.headSize
        let scale = 1 / Float(headSize).squareRoot()
        let scores = workspace.scores
        var offset = 0
        for sequence in sequences {
            let length = sequence.count
            let rows = workspace.qkv + offset * qkvWidth
            let output = workspace.context + offset * hiddenSize
            if vectorKernels { // every head in AVX-512, the softmax fused: no small sgemm calls
                marks_avx512_attention(Int32(length), Int32(BertWeights.headCount), Int32(headSize), rows, Int32(qkvWidth), output,
                                     Int32(hiddenSize), scale, scores)
                offset += length
                continue
            }
            for head in 0..<BertWeights.headCount {
                let query = rows + head * headSize
                let key = query + hiddenSize
                let value = query + 2 * hiddenSize
                BLAS.gemm(transposeB: true, m: length, n: length, k: headSize, alpha: scale,
                          a: query, lda: qkvWidth, b: key, ldb: qkvWidth, c: scores, ldc: length)
                TensorKernels.softmax(rows: length, width: length, stride: length, data: scores)
                BLAS.gemm(m: length, n: headSize, k: length,
                          a: scores, lda: length, b: value, ldb: qkvWidth,
                          c: output + head * headSize, ldc: hiddenSize)
            }
            offset += length
        }
    }

    /// Mean over each sequence's tokens, then scaled to unit length.
    private func pool(_ sequences: [[Int32]], hidden: UnsafeMutablePointer<Float>) -> [[Float]] {
        let hiddenSize = BertWeights.hiddenSize
        var offset = 0
        return sequences.map { sequence in
            var sum = [Float](repeating: 0, count: hiddenSize)
            for row in offset..<(offset + sequence.count) {
                let line = hidden + row * hiddenSize
                for column in 0..<hiddenSize { sum[column] += line[column] }
            }
            offset += sequence.count
            return VectorMath.normalized(sum)
        }
    }
}
