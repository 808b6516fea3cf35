/// The all-MiniLM-L6-v2 weights, read once and never mutated, laid out for the forward pass.
struct BertWeights: Sendable {
    static let hiddenSize = 384
    static let layerCount = 6
    static let headCount = 12
    static let headSize = 32
    static let intermediateSize = 1536
    static let vocabularySize = 30522
    static let maximumPositions = 512
    static let layerNormEpsilon: Float = 1e-12

    /// One encoder layer; linear weights are row-major [out, in] as stored by PyTorch.
    struct Layer: Sendable {
        /// Query, key and value projections stacked: [3·384, 384].
        let qkv: LinearWeights
        let qkvBias: [Float]
        let attentionOutput: LinearWeights
        let attentionOutputBias: [Float]
        let attentionNormGamma: [Float]
        let attentionNormBeta: [Float]
        let intermediate: LinearWeights
        let intermediateBias: [Float]
        let output: LinearWeights
        let outputBias: [Float]
        let outputNormGamma: [Float]
        let outputNormBeta: [Float]
    }

    /// [30522, 384]
    let wordEmbeddings: [Float]
    /// Position embeddings with the token-type-0 embedding already added: [512, 384].
    let positionEmbeddings: [Float]
    let embeddingNormGamma: [Float]
    let embeddingNormBeta: [Float]
    let layers: [Layer]

    /// Reads every tensor, checking dtype and shape; the linear layers run at `precision`.
    init(_ file: SafeTensors, precision: EmbeddingPrecision) throws {
        let hidden = Self.hiddenSize
        let intermediate = Self.intermediateSize
        func tensor(_ name: String, _ shape: [Int]) throws -> [Float] {
            try file.floats(name, shape: shape)
        }
        wordEmbeddings = try tensor("embeddings.word_embeddings.weight", [Self.vocabularySize, hidden])
        let positions = try tensor("embeddings.position_embeddings.weight", [Self.maximumPositions, hidden])
        let tokenTypes = try tensor("embeddings.token_type_embeddings.weight", [2, hidden])
        positionEmbeddings = positions.indices.map { positions[$0] + tokenTypes[$0 % hidden] }
        embeddingNormGamma = try tensor("embeddings.LayerNorm.weight", [hidden])
        embeddingNormBeta = try tensor("embeddings.LayerNorm.bias", [hidden])
        layers = try (0..<Self.layerCount).map { index in
            let prefix = "encoder.layer.\(index)."
            func layerTensor(_ name: String, _ shape: [Int]) throws -> [Float] {
                try tensor(prefix + name, shape)
            }
            func linear(_ name: String, outputs: Int, inputs: Int) throws -> LinearWeights {
                LinearWeights(try layerTensor(name, [outputs, inputs]), outputs: outputs, inputs: inputs, precision: precision)
            }
            return Layer(
                qkv: LinearWeights(try ["query", "key", "value"].flatMap {
                    try layerTensor("attention.self.\($0).weight", [hidden, hidden])
                }, outputs: 3 * hidden, inputs: hidden, precision: precision),
                qkvBias: try ["query", "key", "value"].flatMap {
                    try layerTensor("attention.self.\($0).bias", [hidden])
                },
                attentionOutput: try linear("attention.output.dense.weight", outputs: hidden, inputs: hidden),
                attentionOutputBias: try layerTensor("attention.output.dense.bias", [hidden]),
                attentionNormGamma: try layerTensor("attention.output.LayerNorm.weight", [hidden]),
                attentionNormBeta: try layerTensor("attention.output.LayerNorm.bias", [hidden]),
                intermediate: try linear("intermediate.dense.weight", outputs: intermediate, inputs: hidden),
                intermediateBias: try layerTensor("intermediate.dense.bias", [intermediate]),
                output: try linear("output.dense.weight", outputs: hidden, inputs: intermediate),
                outputBias: try layerTensor("output.dense.bias", [hidden]),
                outputNormGamma: try layerTensor("output.LayerNorm.weight", [hidden]),
                outputNormBeta: try layerTensor("output.LayerNorm.bias", [hidden]))
        }
    }
}
