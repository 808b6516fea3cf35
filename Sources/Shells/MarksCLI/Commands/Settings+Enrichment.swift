import Foundation
import MarksIndex
import MarksLibrary
import SentenceEmbeddings

extension Settings {
    /// The enrichment service over `library` as configured (backend, provider or offline); the embedding model
    /// loads only when the offline engine first needs it.
    func enrichment(library: LibraryService, context: CLIContext) throws -> EnrichmentService {
        let environment = context.environment
        let model = LazyEmbedder { try IndexEmbedder.installed(environment: environment) }
        let embedder = model.textEmbedder(dimension: EmbeddingModel.dimension)
        return try EnrichmentService.live(library: library, config: config, environment: environment,
                                          dataDirectory: paths.dataDirectory, embedder: embedder,
                                          appVersion: MarksCommandLine.version)
    }
}
