import Foundation
import MarksCore
import SentenceEmbeddings
@testable import MarksEngine

/// The installed all-MiniLM-L6-v2 model, loaded once for the whole run (immutable, so shared safely by
/// parallel tests); tests that need it are skipped with a message when `scripts/fetch-model.sh` has not run.
enum ModelFixture {
    static let directory: URL? = ModelLocator().locate()

    /// True when the model files are installed.
    static var isInstalled: Bool { directory != nil }

    private static let loaded: Result<EmbeddingModel, Error>? = directory.map { directory in
        Result { try EmbeddingModel.load(directory: directory) }
    }

    /// The shared model; throws if it is missing or failed to load (so a broken model fails, not skips).
    static func model() throws -> EmbeddingModel {
        guard let loaded else { throw EngineError.embeddingFailed(reason: ModelLocator().missingModelMessage) }
        return try loaded.get()
    }

    /// An engine on the real model with its own cache.
    static func engine() throws -> OfflineEngine {
        OfflineEngine(embedder: try model())
    }
}
