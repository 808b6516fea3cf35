import Foundation
import SentenceEmbeddings

/// Turns texts into vectors for the index: the sentence-embedding model in production, anything with the
/// same shape in tests.
public struct IndexEmbedder: Sendable {
    /// Length of every vector.
    public let dimension: Int
    /// Vectors for texts, in order.
    public let embed: @Sendable ([String]) throws -> [[Float]]

    /// An embedder from its parts.
    public init(dimension: Int, embed: @escaping @Sendable ([String]) throws -> [[Float]]) {
        self.dimension = dimension
        self.embed = embed
    }

    /// The sentence-embedding model.
    public static func model(_ model: EmbeddingModel) -> IndexEmbedder {
        IndexEmbedder(dimension: model.dimension) { model.embed($0) }
    }

    /// Loads the installed model (ModelLocator), or throws `IndexError.modelMissing` saying how to get it.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> IndexEmbedder {
        do {
            return .model(try EmbeddingModel.loadInstalled(environment: environment))
        } catch EmbeddingError.modelNotFound(let message) {
            throw IndexError.modelMissing(message: message)
        }
    }

    /// Vectors for `texts`, checked: one per text, each `dimension` long.
    public func vectors(_ texts: [String]) throws -> [[Float]] {
        let vectors = try embed(texts)
        guard vectors.count == texts.count else { throw IndexError.embedderMiscounted(texts: texts.count, vectors: vectors.count) }
        if let wrong = vectors.first(where: { $0.count != dimension }) {
            throw IndexError.dimensionMismatch(expected: dimension, found: wrong.count)
        }
        return vectors
    }
}
