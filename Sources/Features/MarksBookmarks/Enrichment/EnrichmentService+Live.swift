import Foundation
import MarksClients
import MarksCore
import MarksFetch

extension EnrichmentService {
    /// The service as the configuration asks: a remote backend when `backend_url` is set, else `local` (the
    /// configured provider with the offline engine behind it, or the offline engine). Pages are read through
    /// `fetcher`, unless `archivedPage` has the page's stored text (a bookmark with archived text is summarised from
    /// that text, not fetched again). `dataDirectory` holds the backend device credentials; `tagSuggester` picks the AI tags.
    public static func live(library: LibraryService, config: MarksConfig, local: ConfiguredEngine, fetcher: PageFetcher,
                            dataDirectory: URL, appVersion: String, tagSuggester: TagSuggester? = nil,
                            archivedPage: (@Sendable (String) throws -> PageTextReader.Page?)? = nil,
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
        let readPage: @Sendable (URL) async throws -> PageTextReader.Page = { url in
            if let archivedPage {
                do {
                    if let page = try archivedPage(url.absoluteString) { return page }
                } catch {
                    library.warn("enriching \(url.absoluteString) from the page, not its archived text (unreadable): \(LibraryService.describe(error))")
                }
            }
            return try await reader.read(url)
        }
        return EnrichmentService(library: library, engine: engine, status: status, readPage: readPage,
                                 writeSummaryToNotes: config.writeSummaryToNotes, tagSuggester: tagSuggester)
    }
}
