import Foundation
import MarksClients
import MarksCore
import MarksEngine
import MarksIndex
import MarksLibrary
import MarksServer
import SentenceEmbeddings

/// Everything `marks serve` runs, built once from the settings over one data directory: the library (cache,
/// search index), the `/v1/` backend, the web app and its owner sign-in. The embedding model loads on
/// first use and is shared by the index and the backend.
struct ServeRuntime {
    let data: LocalData
    let api: LinkdingAPI
    let library: LibraryService
    let indexer: VectorIndexer
    let backend: BackendAPI
    let auth: OwnerAuth
    let web: WebApp

    init(settings: Settings, host: String, exposed: Bool, origin: String, context: CLIContext,
         logError: @escaping @Sendable (String) -> Void) throws {
        let environment = context.environment
        let config = settings.config
        data = try LocalData(paths: settings.paths, now: context.now)
        let fetcher = PageFetcher(policy: FetchPolicy(config: config))
        let metadata = PageMetadataService(fetcher: fetcher)
        let tokens = APITokenStore(directory: settings.paths.dataDirectory)
        _ = try tokens.token()
        api = LinkdingAPI(store: data.store, tokens: tokens, configuration: .init(fallbackOrigin: origin), metadataService: metadata)
        let model = LazyEmbedder { try IndexEmbedder.installed(environment: environment) }
        let source: any BookmarkSource
        if let linkding = config.linkding {
            source = LinkdingClient(config: linkding)
        } else {
            source = data.embeddedSource(baseURL: Settings.defaultServeURL, metadata: metadata)
        }
        let index = try SearchIndex(database: data.database)
        indexer = VectorIndexer(index: index) { try model.get() }
        library = LibraryService(
            source: source, widgets: WidgetDataStore(directory: settings.paths.dataDirectory), now: context.now,
            warn: logError, observers: [index.observer(source: source, indexer: indexer, warn: logError)],
            cache: try BookmarkCache(database: data.database, for: source))
        let backendEmbedder = model.textEmbedder(dimension: EmbeddingModel.dimension)
        backend = try BackendAPI.live(data: data, config: config, environment: environment, embedder: backendEmbedder,
                                      exposed: exposed, now: context.now)
        auth = try OwnerAuth(dataDirectory: settings.paths.dataDirectory, now: context.now)
        let reader = ArticleReader(fetcher: fetcher)
        let enrichment = try EnrichmentService.live(library: library, config: config, environment: environment,
                                                    dataDirectory: settings.paths.dataDirectory, embedder: backendEmbedder,
                                                    appVersion: MarksCommandLine.version)
        let search = SearchService(index: index, embedder: model)
        var webOptions = WebOptions(stateDirectory: settings.paths.dataDirectory, log: logError, enrichment: enrichment)
        webOptions.share = ShareService(
            library: library, podcasts: PodcastRequestQueue(dataDirectory: settings.paths.dataDirectory, now: context.now),
            autoPodcastTags: config.autoPodcastTags,
            suggestTags: AITagSuggester.suggestions { OfflineEngine(embedder: backendEmbedder) })
        webOptions.semanticSearch = { query, unreadOnly, tag in
            let request = SearchRequest(text: query, mode: .semantic, filter: SearchFilter(unreadOnly: unreadOnly, tag: tag), limit: 50)
            return try await search.search(request).map(\.document.bookmark)
        }
        web = WebApp(
            library: library, auth: auth,
            settings: WebSettings(configStore: settings.store,
                                  verify: { try await LinkdingClient(config: $0).verifyConnection() },
                                  activeServer: config.linkding),
            widgets: WidgetDataStore(directory: settings.paths.dataDirectory),
            reader: { try await reader.read($0) },
            options: webOptions)
    }
}
