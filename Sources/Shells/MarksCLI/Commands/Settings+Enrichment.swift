import Foundation
import MarksIndex
import MarksLibrary
import MarksServer
import SentenceEmbeddings

extension Settings {
    /// The enrichment service over `library` as configured (backend, provider or offline); the embedding model
    /// loads only when the offline engine first needs it.
    func enrichment(library: LibraryService, context: CLIContext) throws -> EnrichmentService {
        let environment = context.environment
        let model = MarksIndex.LazyEmbedder { try IndexEmbedder.installed(environment: environment) }
        let embedder = MarksServer.LazyEmbedder(dimension: EmbeddingModel.dimension) {
            let loaded = try model.get()
            return { texts in try loaded.embed(texts) }
        }
        return try EnrichmentService.live(library: library, config: config, environment: environment,
                                          dataDirectory: paths.dataDirectory, embedder: embedder,
                                          appVersion: MarksCommandLine.version)
    }
}
