import Foundation
import MarksClients
import MarksCore
import MarksIndex
import MarksJobs
import MarksLibrary
import MarksSources
import MarksServer

/// What `marks serve` runs, made from the composition root's shared parts: `/api/` (the embedded store's
/// linkding API, or a 503 naming the remote linkding server), the `/v1/` backend, the web app and its owner
/// sign-in, the job runner with every background kind, and the router over all of them.
struct ServeParts {
    /// The embedded store's linkding API; nil when the library is a remote linkding server.
    let api: LinkdingAPI?
    /// What `/api/` answers instead when the library is a remote linkding server.
    let remoteLinkding: RemoteLinkdingNotice?
    let backend: BackendAPI
    let auth: OwnerAuth
    let web: WebApp
    let indexer: VectorIndexer
    let jobs: JobRunner
    let enrichment: EnrichmentService
    let podcasts: PodcastRequestQueue
    /// The favicons Marks keeps; nil when they cannot be stored (a warning said why).
    let favicons: FaviconService?
    /// The cached bookmarks' addresses (the favicon sweep at start).
    let bookmarkURLs: @Sendable () throws -> [String]
    /// Every library this server built (Settings can swap the source while it runs), for the trash's jobs.
    let libraries: LibraryRegistry
    /// The sources library (its `sources.ocr` kind reads image-only PDF pages in the background).
    let sources: SourceLibrary
    let app: MarksApp
    /// Where the server listens, once it does (Settings → Devices builds sign-in links on it).
    let listen: ListenAddress.Holder

    /// Registers every background kind, starts the runner (resuming what a stopped server left), and queues the
    /// periodic jobs: the quiet enrichment pass, the podcast drain, a catch-up run of the vector indexer and the
    /// trash purge (linkding deletes waiting in the trash go out by their own jobs, queued by each delete).
    /// Podcast generation does not exist yet, so the drain has no consumer: requests stay queued and its job says so.
    func startJobs() async throws {
        let jobs = self.jobs
        let faviconKinds = favicons.map { [$0.jobKind(), $0.sweepKind(urls: bookmarkURLs, enqueue: { _ = try await jobs.enqueue($0) })] } ?? []
        for kind in enrichment.jobKinds() + [indexer.backgroundKind(), podcasts.drainKind(consumer: nil)] + faviconKinds + LibraryService.trashJobKinds(resolve: libraries.library)
            + [sources.ocrJobKind()] {
            await jobs.register(kind)
        }
        await jobs.start()
        for request in [VectorIndexer.job, EnrichmentService.backgroundPassJob, PodcastRequestQueue.drainJob, LibraryService.purgeJob] {
            try await jobs.enqueue(request)
        }
        if favicons != nil { try await jobs.enqueue(FaviconService.sweepJob) }
    }
}

extension CompositionRoot {
    /// The server's parts. `exposed` says it listens beyond loopback; `origin` is its address for links when a
    /// request has no usable Host header; `logError` is the server log's error line.
    func serveParts(exposed: Bool, origin: String, logError: @escaping @Sendable (String) -> Void) throws -> ServeParts {
        let data = try data()
        var api: LinkdingAPI?
        var remote: RemoteLinkdingNotice?
        if let linkding = remoteLinkding {
            _ = try source() // the settings check: a server with broken linkding settings does not start
            remote = RemoteLinkdingNotice(serverURL: linkding.baseURL?.absoluteString ?? linkding.host)
        } else {
            let tokens = APITokenStore(directory: paths.dataDirectory)
            _ = try tokens.token()
            api = LinkdingAPI(store: data.store, tokens: tokens, configuration: .init(fallbackOrigin: origin), metadataService: metadata())
        }
        let library = try library()
        let indexer = try indexer()
        let backend = try BackendAPI.live(data: data, config: config, engine: try engine(), fetcher: fetcher(),
                                          exposed: exposed, now: context.now)
        let auth = try OwnerAuth(dataDirectory: paths.dataDirectory, database: data.database, now: context.now, log: logError)
        let listen = ListenAddress.Holder()
        let reader = ArticleReader(fetcher: fetcher())
        let search = try searchService()
        let enrichment = try enrichment()
        let jobs = try jobs()
        var options = WebOptions(stateDirectory: paths.dataDirectory, log: logError, enrichment: enrichment)
        options.share = try share()
        options.jobs = jobs
        options.images = ImageFetcher(fetcher: fetcher())
        var favicons: FaviconService?
        do {
            favicons = try self.favicons()
        } catch {
            warn("favicons are off: \(CLIErrorMessage.describe(error))")
        }
        options.favicons = favicons
        let cache = try cache()
        api?.favicons = favicons
        options.listenAddress = { listen.address }
        options.semanticSearch = { query, unreadOnly, tag in
            let request = SearchRequest(text: query, mode: .semantic, filter: SearchFilter(unreadOnly: unreadOnly, tag: tag), limit: 50)
            return try await search.search(request).map(\.document.bookmark)
        }
        let web = WebApp(
            library: library, auth: auth,
            settings: WebSettings(configStore: settings.store,
                                  verify: { try await LinkdingClient(config: $0).verifyConnection() },
                                  activeServer: config.linkding,
                                  makeLibrary: { [self] server in try self.library(for: server) }),
            widgets: widgets,
            reader: { try await reader.read($0) },
            options: options)
        let app = MarksApp(context: MarksApp.Context(version: MarksCommandLine.version, logError: logError, api: api,
                                                     remoteLinkding: remote, backend: backend, web: web))
        return ServeParts(api: api, remoteLinkding: remote, backend: backend, auth: auth, web: web, indexer: indexer, jobs: jobs,
                          enrichment: enrichment, podcasts: podcastQueue(), favicons: favicons,
                          bookmarkURLs: { try cache.bookmarks(archived: nil, withAIMetadata: false).map(\.url) }, libraries: libraries,
                          sources: try sources(), app: app, listen: listen)
    }
}
