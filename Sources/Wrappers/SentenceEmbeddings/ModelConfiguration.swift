import Foundation

/// The fields of a Hugging Face `config.json` that must match what `BertEncoder` implements.
struct ModelConfiguration: Decodable {
    let hiddenSize: Int?
    let hiddenLayerCount: Int?
    let attentionHeadCount: Int?
    let intermediateSize: Int?
    let hiddenActivation: String?
    let layerNormEpsilon: Double?
    let vocabularySize: Int?

    enum CodingKeys: String, CodingKey {
        case hiddenSize = "hidden_size"
        case hiddenLayerCount = "num_hidden_layers"
        case attentionHeadCount = "num_attention_heads"
        case intermediateSize = "intermediate_size"
        case hiddenActivation = "hidden_act"
        case layerNormEpsilon = "layer_norm_eps"
        case vocabularySize = "vocab_size"
    }

    /// Throws `unsupportedModel` when the config at `url` describes another architecture; a missing file is fine.
    static func check(_ url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let config: ModelConfiguration
        do {
            config = try JSONDecoder().decode(ModelConfiguration.self, from: Data(contentsOf: url))
        } catch {
            throw EmbeddingError.unsupportedModel(reason: "config.json cannot be read (\(error.localizedDescription))")
        }
        func expect<T: Equatable>(_ value: T?, _ wanted: T, _ name: String) throws {
            if let value, value != wanted {
                throw EmbeddingError.unsupportedModel(reason: "config.json has \(name) \(value), expected \(wanted)")
            }
        }
        try expect(config.hiddenSize, BertWeights.hiddenSize, "hidden_size")
        try expect(config.hiddenLayerCount, BertWeights.layerCount, "num_hidden_layers")
        try expect(config.attentionHeadCount, BertWeights.headCount, "num_attention_heads")
        try expect(config.intermediateSize, BertWeights.intermediateSize, "intermediate_size")
        try expect(config.hiddenActivation, "gelu", "hidden_act")
        try expect(config.vocabularySize, BertWeights.vocabularySize, "vocab_size")
        if let epsilon = config.layerNormEpsilon, abs(epsilon - Double(BertWeights.layerNormEpsilon)) > 1e-15 {
            throw EmbeddingError.unsupportedModel(reason: "config.json has layer_norm_eps \(epsilon), expected 1e-12")
        }
    }
}
