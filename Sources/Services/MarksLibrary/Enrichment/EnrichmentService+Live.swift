import Foundation
import MarksClients
import MarksCore
import MarksEngine
import SentenceEmbeddings

extension EnrichmentService {
    /// The service as the configuration asks: a remote backend when `backend_url` is set, else the configured
    /// provider (with the offline engine behind it), else the offline engine on `embedder`. Pages are fetched
    /// under the configured policy. `dataDirectory` holds the backend device credentials.
    public static func live(library: LibraryService, config: MarksConfig, environment: [String: String],
                            dataDirectory: URL, embedder: any TextEmbedder, appVersion: String,
                            transport: HTTPTransport = .live) throws -> EnrichmentService {
        let offline = OfflineEngine(embedder: embedder)
        let modelInstalled = ModelLocator(environment: environment).locate() != nil
        let engine: any AttributedAIEngine
        let status: EngineStatus
        if let configuration = BackendClient.Configuration(config: config, dataDirectory: dataDirectory, appVersion: appVersion) {
            let backend = configuration.baseURL.absoluteString
            engine = BackendClient(configuration: configuration, transport: transport)
            status = EngineStatus(kind: .backend, name: backend, healthy: true, detail: "Marks backend at \(backend)")
        } else if let ai = config.ai {
            let settings = try ProviderSettings(config: ai, environment: environment)
            engine = ProviderEngine(client: settings.client(transport: transport), fallback: offline)
            let keyed = settings.apiKey != nil || settings.kind == .openai
            status = EngineStatus(
                kind: .provider, name: settings.engineName, healthy: keyed,
                detail: keyed ? "\(settings.engineName) (offline engine as fallback)"
                    : "\(settings.engineName) has no key ($\(settings.keyVariable)); the offline engine answers")
        } else {
            engine = offline
            status = EngineStatus(
                kind: .offline, name: OfflineEngine.name, healthy: modelInstalled,
                detail: modelInstalled ? "offline (model \(ModelLocator.modelName) installed)"
                    : "offline, but the model \(ModelLocator.modelName) is not installed (see `marks index --help`)")
        }
        let reader = PageTextReader(fetcher: PageFetcher(policy: FetchPolicy(config: config)))
        return EnrichmentService(library: library, engine: engine, status: status, readPage: { try await reader.read($0) },
                                 writeSummaryToNotes: config.writeSummaryToNotes)
    }
}
