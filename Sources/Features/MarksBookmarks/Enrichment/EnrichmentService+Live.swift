import Foundation
import MarksClients
import MarksCore
import MarksFetch

extension EnrichmentService {
    /// The service as the configuration asks: a remote backend when `backend_url` is set, else `local` (the
    /// configured provider with the offline engine behind it, or the offline engine). Pages are read through
    /// `fetcher`. `dataDirectory` holds the backend device credentials; `tagSuggester` picks the AI tags.
    public static func live(library: LibraryService, config: MarksConfig, local: ConfiguredEngine, fetcher: PageFetcher,
                            dataDirectory: URL, appVersion: String, tagSuggester: TagSuggester? = nil,
                            transport: HTTPTransport = .live) -> EnrichmentService {
        let engine: any AIEngine
        let status: EngineStatus
        if let configuration = AppAPIClient.Configuration(config: config, dataDirectory: dataDirectory, appVersion: appVersion) {
            let backend = configuration.baseURL.absoluteString
            engine = AppAPIClient(configuration: configuration, transport: transport)
            status = EngineStatus(kind: .backend, name: backend, healthy: true, detail: "Marks backend at \(backend)")
        } else {
            engine = local.engine
            status = local.status
        }
        let reader = PageTextReader(fetcher: fetcher)
        return EnrichmentService(library: library, engine: engine, status: status, readPage: { try await reader.read($0) },
                                 writeSummaryToNotes: config.writeSummaryToNotes, tagSuggester: tagSuggester)
    }
}
