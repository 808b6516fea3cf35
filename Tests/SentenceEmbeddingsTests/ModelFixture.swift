import Foundation
import SentenceEmbeddings

/// The installed model, loaded once for the whole test run (read-only, so safe to share across
/// parallel tests), or nil when `scripts/fetch-model.sh` has not been run.
enum ModelFixture {
    static let directory: URL? = ModelLocator().locate()

    /// True when the model files are installed; model tests are skipped otherwise.
    static var isInstalled: Bool { directory != nil }

    static let loaded: Result<EmbeddingModel, Error>? = directory.map { directory in
        Result { try EmbeddingModel.load(directory: directory) }
    }

    /// The shared model; throws if loading failed (so the test fails rather than skips).
    static func model() throws -> EmbeddingModel {
        guard let loaded else { throw FixtureError.modelMissing }
        return try loaded.get()
    }

    static let loadedExact: Result<EmbeddingModel, Error>? = directory.map { directory in
        Result { try EmbeddingModel.load(directory: directory, precision: .float32) }
    }

    /// The model with float32 linear layers (the reference's arithmetic), shared like `model()`.
    static func exactModel() throws -> EmbeddingModel {
        guard let loadedExact else { throw FixtureError.modelMissing }
        return try loadedExact.get()
    }

    enum FixtureError: Error { case modelMissing, fixtureMissing(String) }
}

/// The sentence-transformers reference: embeddings for five sentences and three long texts, and
/// token ids for two sentences (Fixtures/minilm-reference.json, copied from the shared data).
struct ReferenceFixture: Decodable {
    struct LongText: Decodable {
        let sentences: [String]
        let embeddings: [[Float]]
    }

    let sentences: [String]
    let embeddings: [[Float]]
    let tokenIds: [String: [Int32]]
    let longText: LongText

    enum CodingKeys: String, CodingKey {
        case sentences, embeddings
        case tokenIds = "token_ids"
        case longText = "long_text"
    }

    static func load() throws -> ReferenceFixture {
        guard let url = Bundle.module.url(forResource: "minilm-reference", withExtension: "json", subdirectory: "Fixtures") else {
            throw ModelFixture.FixtureError.fixtureMissing("minilm-reference.json")
        }
        return try JSONDecoder().decode(ReferenceFixture.self, from: Data(contentsOf: url))
    }
}
