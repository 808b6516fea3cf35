import Foundation
import MarksAppAPI
import MarksClients
import MarksCore
import MarksIndex
import MarksJobs
import MarksAccess
import MarksBookmarks
import MarksDocuments
import MarksFetch
import MarksPodcasts
import MarksReading
import MarksServer
import SystemSupport

/// What `marks serve` runs, made from the composition root's shared parts: the bookmark source and every part
/// built from it (`sources`: the library, enrichment, share, and `/api/` — the embedded store's linkding API or a
/// 503 naming the remote linkding server), the `/v1/` backend, the web app and its owner sign-in, the private podcast
/// feed at `/feed/<secret>/`, the job runner
/// with every background kind, and the router over all of them.
public struct ServeParts {
    /// The source in use and its parts; Settings switches it while the server runs.
    public let sources: SourceSwitch
    public let backend: AppAPI
    public let auth: OwnerAuth
    public let web: WebApp
    public let index: SearchIndex
    public let indexer: VectorIndexer
    public let jobs: JobRunner
    /// The backend's own jobs (podcast generation): the shared database's with `--database`, else `jobs` itself.
    public let backendJobs: JobRunner
    /// The podcast requests the share flow and the Sources tab queue (`podcast.request` jobs).
    public let podcasts: PodcastRequests
    /// Imports started from Settings → Import (`library.import` jobs).
    public let imports: ImportJobs
    /// The select mode's bulk actions (`library.bulk` jobs on a linkding server).
    public let bulk: BulkActions
    /// Makes the library's episodes (background generation, the share queue's consumer).
    public let podcastManager: PodcastGenerationManager
    /// The favicons Marks keeps; nil when they cannot be stored (a warning said why).
    public let favicons: FaviconService?
    /// The sources library (pasted text, PDFs, files); its `sources.ocr` kind reads image-only PDF pages.
    public let ingested: DocumentLibrary
    /// The page-text archive; its `archive.text` kind fetches new bookmarks' pages, and the reader reads through it.
    public let archive: PageArchive
    /// The broken-link check; its `links.check` kind checks the bookmarks' links every week, a bounded run at a time.
    public let links: LinkChecker
    /// The followed feeds; their `feeds.poll` kind checks them when due and saves new items through the library.
    public let feeds: FeedSubscriptions
    public let app: MarksApp
    /// Where the server listens, once it does (Settings → Devices builds sign-in links on it).
    public let listen: ListenAddress.Holder
    /// The saved smart collections; its `collections.refresh` kind makes them again after the library changed.
    public let collections: CollectionRefresh
    /// Settings → Import's reading of a Marks export (`CompositionRoot.marksExportImport`).
    public let marksExportImport: @Sendable (LibraryService, String) async throws -> ImportReport?
    /// Where a start-up step that did not work says so (the process's warnings).
    let warn: @Sendable (String) -> Void

    /// Registers every background kind, starts the runner (resuming what a stopped server left), and queues the
    /// periodic jobs: the search index's catch-up (when a command's large import left it behind), the quiet
    /// enrichment pass, a catch-up run of the vector indexer, the
    /// sources' trash purge (after the bookmarks' retention) and the bookmarks' trash purge (linkding deletes
    /// waiting in the trash go out by their own jobs, queued by each delete).
    /// Every kind that works on bookmarks asks `sources` when it runs: a job queued for one bookmark (enrich, a
    /// linkding delete) runs on the source it was queued for, the others on the source current then.
    /// Each queued podcast request (`podcast.request`) is handed to the generation manager (background generation).
    /// Runs on the job threads: starting a runner and queueing make blocking store calls (SQLite, or PostgreSQL
    /// round trips on a shared database), which must not hold one of Swift's cooperative threads.
    public func startJobs() async throws {
        try await withTaskExecutorPreference(ThreadTaskExecutor.jobs) {
            await registerJobs()
            await jobs.start()
            await backendJobs.start()
            for request in [IndexCatchUp.job, VectorIndexer.job, EnrichmentService.backgroundPassJob, LibraryService.purgeJob,
                            DocumentLibrary.purgeJob, PageArchive.sweepJob, LinkChecker.sweepJob, CollectionRefresh.job(),
                            FeedSubscriptions.sweepJob] {
                try await jobs.enqueue(request)
            }
            if favicons != nil { try await jobs.enqueue(FaviconService.sweepJob) }
            // Bookmarks archived while still untitled get their page's title (a failure leaves them as they were).
            let library = sources.current.library, archive = self.archive, jobs = self.jobs
            do {
                _ = try await EnrichmentService.queueTitles(untitled: try index.untitledDocuments(), stored: { try archive.storedURLs(among: $0, titled: true) },
                                                            source: library.source.identity, enqueue: { _ = try await jobs.enqueue($0) })
            } catch {
                warn("untitled bookmarks with an archived page were not given its title: \(AssemblyFailure.describe(error))")
            }
        }
    }

    /// Registers every background kind on the runner (without starting it).
    public func registerJobs() async {
        let jobs = self.jobs
        let sources = self.sources
        let bookmarkURLs: @Sendable () throws -> [String] = {
            try sources.current.library.cache?.urls(archived: nil) ?? []
        }
        let faviconKinds = favicons.map { [$0.jobKind(), $0.sweepKind(urls: bookmarkURLs, enqueue: { _ = try await jobs.enqueue($0) })] } ?? []
        let sourceKinds = EnrichmentService.jobKinds { sources.source(identity: $0)?.enrichment }
            + LibraryService.trashJobKinds { sources.source(identity: $0)?.library }
            + [LibraryService.sourceSyncKind(index: index, indexer: indexer, pages: archive.pageTexts) { sources.current.library },
               IndexCatchUp.jobKind(index: index, indexer: indexer, pages: archive.pageTexts) { sources.current.library }]
        let archiveKinds = [archive.jobKind(urls: bookmarkURLs, enqueue: { _ = try await jobs.enqueue($0) }),
                            links.jobKind(urls: bookmarkURLs, enqueue: { _ = try await jobs.enqueue($0) }),
                            feeds.jobKind(library: { sources.current.library }, enqueue: { _ = try await jobs.enqueue($0) })]
        let podcastKinds = [podcasts.jobKind(consumer: podcastManager.consumer), podcastManager.jobKind()]
        let web = self.web
        let importKinds = [imports.jobKind(library: { sources.current.library }, describe: { web.message(for: $0) },
                                           otherFormat: marksExportImport),
                           bulk.jobKind(library: { sources.current.library })]
        let refreshAfterEmbedding: @Sendable () async throws -> Void = { [clock = jobs.clock] in
            _ = try await jobs.enqueue(CollectionRefresh.job(after: clock.now().addingTimeInterval(CollectionRefresh.settle)))
        }
        for kind in sourceKinds + podcastKinds + importKinds + [indexer.backgroundKind(embedded: refreshAfterEmbedding), ingested.ocrJobKind(),
                                   collections.jobKind(),
                                   ingested.purgeJobKind(retention: LibraryService.trashRetention)] + faviconKinds + archiveKinds {
            await jobs.register(kind)
        }
        if let generation = backend.podcasts?.jobKind() { await backendJobs.register(generation) }
    }

    /// Stops both runners; running jobs go back to their queue and carry on after the next start (any worker's, for
    /// the backend's jobs on a shared database).
    public func stopJobs() async {
        await withTaskExecutorPreference(ThreadTaskExecutor.jobs) {
            await backendJobs.stop()
            await jobs.stop()
        }
    }
}

extension CompositionRoot {
    /// The server's parts. `exposed` says it listens beyond loopback; `origin` is its address for links when a
    /// request has no usable Host header; `logError` is the server log's error line, `logEvent` its line for a
    /// change of source.
    public func serveParts(exposed: Bool, origin: String, logError: @escaping @Sendable (String) -> Void,
                    logEvent: @escaping @Sendable (_ source: String) -> Void = { _ in }) throws -> ServeParts {
        _ = try data()  // the data directory first: its database is what everything below opens
        let favicons: FaviconService?
        do {
            favicons = try self.favicons()
        } catch {
            warn("favicons are off: \(AssemblyFailure.describe(error))")
            favicons = nil
        }
        let jobs = try jobs()
        let initial = try servedSource(for: config.linkding, origin: origin, favicons: favicons, logError: logError)
        let warn = warn
        let sources = SourceSwitch(initial, build: { [self] server in
            try self.servedSource(for: server, origin: origin, favicons: favicons, logError: logError)
        }, didSwitch: { served in
            logEvent(served.description)
            do {
                try await jobs.enqueue(LibraryService.sourceSyncJob)
            } catch {
                warn("the cache, widgets and search index did not catch up with the new source (run marks sync and marks index): \(AssemblyFailure.describe(error))")
            }
        })
        let index = try searchIndex()
        let indexer = try indexer()
        var backend = try backendAPI(exposed: exposed)
        let backendJobs = try backendJobs()
        let podcastService = try podcastService(jobs: backendJobs)
        backend.podcasts = podcastService
        let ask = try askService()
        backend.askService = ask
        let podcastManager = try podcastManager(jobs: jobs, service: podcastService,
                                                library: try podcastLibrary(currentLibrary: { sources.current.library }))
        let auth = try ownerAuth(log: logError)
        let listen = ListenAddress.Holder()
        let archive = try pageArchive()
        let links = try linkChecker()
        let feeds = try feedSubscriptions()
        let search = try searchService()
        var options = try webOptions(log: logError)
        let imports = try importJobs()  // the one the options hold
        let bulk = BulkActions(jobs: jobs, now: context.now)
        options.bulk = bulk
        options.images = ImageFetcher(fetcher: fetcher())
        options.favicons = favicons
        let ingested = try self.sources()
        options.sourceLibrary = ingested
        options.documentHighlightsChanged = try documentHighlightsChanged()
        let podcasts = try podcastRequests()
        options.podcasts = podcasts
        options.podcastManager = podcastManager  // the web's Podcasts tab, player and Podcast action (podweb)
        options.ask = ask
        options.pairing = backend.pairing
        options.backendDevices = backend.devices
        options.listenAddress = { listen.address }
        options.semanticSearch = { query, unreadOnly, tag in
            let request = SearchRequest(text: query, mode: .semantic, filter: SearchFilter(unreadOnly: unreadOnly, tag: tag), limit: 50)
            return try await search.search(request).map(\.document.bookmark)
        }
        options.semanticReading = { indexer.runningProgress }
        options.pageTextSearch = { words, filter in
            try await search.search(SearchRequest(text: words, mode: .keyword, filter: filter, limit: 50, everyWord: true, pagesOnly: true))
        }
        options.archivedPages = { try archive.storedURLs(among: $0) }
        options.links = links
        options.feeds = feeds
        options.pageArchive = archive
        options.imageSizes = ReaderImageSizes(sizes: { try archive.imageSizes(of: $0) }, remember: { try archive.rememberImageSize($1, of: $0) })
        let feedSecrets = try podcastFeedSecrets()
        options.podcastFeed = feedSecrets
        let bookmarkFeedKey = try bookmarkFeedSecrets()
        options.bookmarkFeeds = bookmarkFeedKey
        let bookmarkFeeds = BookmarkFeedResponder(secrets: bookmarkFeedKey, publicURL: config.publicURL, fallbackBase: origin,
                                                  load: { try await sources.current.library.load($0).bookmarks })
        options.publicURL = config.publicURL
        var feedSettings = PodcastFeedResponder.Settings(publicURL: config.publicURL)
        feedSettings.fallbackBase = origin
        let feed = PodcastFeedResponder(secrets: feedSecrets, settings: feedSettings, episodes: .library(try podcastLibrary(currentLibrary: { sources.current.library })))
        let web = WebApp(
            sources: sources, auth: auth,
            settings: WebSettings(configStore: settings.store,
                                  verify: { try await LinkdingClient(config: $0).verifyConnection() },
                                  activeServer: config.linkding),
            widgets: widgets,
            reader: { try await archive.article(for: $0) },
            options: options)
        var appContext = MarksApp.Context(version: CompositionRoot.version, logError: logError, sources: sources,
                                          backend: backend, web: web, feed: feed)
        appContext.bookmarkFeeds = bookmarkFeeds
        appContext.wallabag = try wallabagAPI(sources: sources, archive: archive, logError: logError)
        appContext.hosts = HostPolicy(publicURL: config.publicURL, names: config.allowedHosts)
        appContext.publicURL = config.publicURL
        appContext.trustedProxy = config.trustedProxy
        appContext.databaseHealth = databaseHealth()
        let app = MarksApp(context: appContext)
        return ServeParts(sources: sources, backend: backend, auth: auth, web: web, index: index, indexer: indexer, jobs: jobs,
                          backendJobs: backendJobs, podcasts: podcasts, imports: imports, bulk: bulk, podcastManager: podcastManager, favicons: favicons, ingested: ingested, archive: archive, links: links, feeds: feeds, app: app,
                          listen: listen, collections: try collectionRefresh(), marksExportImport: try marksExportImport(), warn: warn)
    }

    /// Every part `marks serve` builds from a bookmark source, for `server` (nil: the embedded store): the library
    /// (its own cache, the search index and favicon observers, deferred linkding deletes), enrichment and share
    /// over it, and for the embedded store its linkding API at `/api/` (`logError` hears of an unreadable API token). Used at
    /// start and by Settings → Save.
    public func servedSource(for server: ServerConfig?, origin: String, favicons: FaviconService?,
                             logError: @escaping @Sendable (String) -> Void = { _ in }) throws -> ServedSource {
        let source = try makeSource(server)
        let library = try makeLibrary(over: source, cache: try makeCache(for: source),
                                      observers: indexObservers() + faviconObservers() + archiveObservers() + collectionObservers() + highlightObservers())
        let enrichment = try makeEnrichment(over: library)
        var api: LinkdingAPI?
        if server == nil {
            var embedded = try embeddedAPI(configuration: .init(fallbackOrigin: origin), favicons: favicons, log: logError)
            embedded.saved = try apiSaves(library: library, enriches: enrichment != nil)
            api = embedded
        }
        return ServedSource(server: server, library: library, enrichment: enrichment, share: makeShare(over: library), api: api)
    }

    /// What follows a save through the embedded store's `/api/` (the linkding browser extension, mobile apps): the
    /// library's observers (index, favicon, page-text archive) and, with enrichment, an enrichment job — as after a save
    /// in the web app. A failure to queue is a warning; the bookmark itself is saved.
    private func apiSaves(library: LibraryService, enriches: Bool) throws -> @Sendable ([Int]) async -> Void {
        let jobs = try jobs()
        let warn = self.warn
        return { ids in
            do {
                try await library.savedElsewhere(ids: ids)
            } catch {
                warn("bookmarks saved through /api/ were not passed on to the index, favicons and archive: \(error)")
            }
            guard enriches else { return }
            for id in ids {
                do {
                    _ = try await jobs.enqueue(try EnrichmentService.enrichJob(id: id, source: library.source.identity))
                } catch {
                    warn("enrichment of bookmark \(id), saved through /api/, was not queued: \(error)")
                }
            }
        }
    }
}

extension CompositionRoot {
    /// The `/v1/` backend over the data directory (its records in `backendStore()`), on the one engine and fetcher.
    public func backendAPI(exposed: Bool) throws -> AppAPI {
        try AppAPI.live(data: try data(), config: config, engine: try engine(), fetcher: fetcher(), exposed: exposed,
                            limits: overrides.backendLimits ?? AppAPILimits(), store: try backendStore(), now: context.now)
    }

    /// The owner's web sign-in: its secret in the data directory, sessions and links in `marks.sqlite`.
    public func ownerAuth(log: @escaping @Sendable (String) -> Void = { _ in }) throws -> OwnerAuth {
        try OwnerAuth(dataDirectory: paths.dataDirectory, database: try data().database, now: context.now, log: log)
    }

    /// The web app's options as `marks serve` starts them: `tuning` (undo time, page size, time zone…) with the state in
    /// the data directory, `log` for its errors, the one job runner, Settings → Import's jobs on it and the saved collections. `serveParts`
    /// adds the rest of the server's parts.
    public func webOptions(tuning: WebOptions = WebOptions(), log: @escaping @Sendable (String) -> Void) throws -> WebOptions {
        var options = tuning
        options.stateDirectory = paths.dataDirectory
        options.readingState = readingState()
        options.readingPreferences = readingPreferencesStore()
        options.log = log
        options.jobs = try jobs()
        options.imports = try importJobs()
        options.collections = try collectionRefresh()
        options.highlights = try highlights()
        options.highlightsChanged = try highlightsChanged()
        options.eReaders = try eReaderClients()
        return options
    }

    /// Imports started from Settings → Import, as `library.import` jobs on `jobs()` (made once).
    public func importJobs() throws -> ImportJobs {
        let database = try data().database
        let jobs = try jobs()
        return try part(\.imports) { try ImportJobs(database: database, dataDirectory: paths.dataDirectory, jobs: jobs, now: context.now) }
    }

    /// The embedded store's API token (`api_token` in the data directory); `log` hears of a token file that cannot be read.
    public func apiTokens(log: @escaping @Sendable (String) -> Void = { _ in }) -> APITokenStore {
        APITokenStore(directory: paths.dataDirectory, log: log)
    }

    /// The embedded store's linkding API (`/api/`), its token made first; page metadata from the one metadata service.
    public func embeddedAPI(configuration: LinkdingAPI.Configuration, favicons: FaviconService?,
                            log: @escaping @Sendable (String) -> Void = { _ in }) throws -> LinkdingAPI {
        let tokens = apiTokens(log: log)
        _ = try tokens.token()
        var api: LinkdingAPI
        if let metadata = overrides.metadata {
            api = LinkdingAPI(store: try data().store, tokens: tokens, configuration: configuration, metadata: metadata)
        } else {
            api = LinkdingAPI(store: try data().store, tokens: tokens, configuration: configuration, metadataService: metadata())
        }
        api.favicons = favicons
        return api
    }
}
