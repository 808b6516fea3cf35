import Foundation
import MarksAppAPI
import MarksClients
import MarksCore
import MarksIndex
import MarksJobs
import MarksBookmarks
import MarksDocuments
import MarksFetch
import MarksPodcasts
import MarksReading
import MarksShare
import MarksStorage
import PostgresDatabase
import SentenceEmbeddings
import Synchronization

/// The one composition root: builds the app from the settings, for every CLI command and for `marks serve`.
/// Each part is made once, on first use, and shared by everything that needs it — one data directory
/// (`LocalData`), one bookmark source (the settings checked), one cache, library, search index and indexer, one
/// lazily loaded embedding model, one AI engine (enrichment, the `/v1/` backend and share tag suggestions), one
/// page fetcher (scraping/check metadata, the reader, enrichment, the backend), one widget store. Nothing costly
/// happens before it is asked for: `marks config` opens no database and `marks list` loads no model.
/// The server's parts (backend, web app, `/api/`) are in `CompositionRoot+Serve.swift`.
public final class CompositionRoot: Sendable {
    /// The version `--version` and `/healthz` report.
    public static let version = "0.1.0"

    /// Parts to use instead of the ones the settings would build (tests and marks-bench); nil builds the configured one.
    public struct Overrides: Sendable {
        /// The data directory already opened (its store on the caller's clock) instead of opened on first use.
        public var data: LocalData?
        /// The bookmark source instead of the configured linkding server or embedded store.
        public var source: (any BookmarkSource)?
        /// The page fetcher instead of one under the configured fetch policy.
        public var fetcher: PageFetcher?
        /// The AI engine instead of the configured provider or offline engine.
        public var engine: ConfiguredEngine?
        /// The job runner's timing instead of the served defaults (a 2 s pick-up interval).
        public var jobSettings: JobRunnerSettings?
        /// Where `/api/`'s check reads a page's title and description, instead of the one metadata service.
        public var metadata: (@Sendable (String) async -> BookmarkCheck.Metadata)?
        /// The `/v1/` backend's limits instead of the defaults.
        public var backendLimits: AppAPILimits?
        /// The voice podcasts speak with instead of the ones the `podcast` settings choose (marks-bench's loaded voice).
        public var podcastVoice: (any SpeechSynthesizer)?

        /// No overrides: everything as configured.
        public init(data: LocalData? = nil, source: (any BookmarkSource)? = nil, fetcher: PageFetcher? = nil, engine: ConfiguredEngine? = nil,
                    jobSettings: JobRunnerSettings? = nil, metadata: (@Sendable (String) async -> BookmarkCheck.Metadata)? = nil,
                    backendLimits: AppAPILimits? = nil, podcastVoice: (any SpeechSynthesizer)? = nil) {
            self.data = data
            self.source = source
            self.fetcher = fetcher
            self.engine = engine
            self.jobSettings = jobSettings
            self.metadata = metadata
            self.backendLimits = backendLimits
            self.podcastVoice = podcastVoice
        }
    }

    /// The configuration it builds from.
    public let settings: Settings
    /// The process's environment, error stream and clock.
    public let context: ProcessContext
    /// The parts given instead of built.
    public let overrides: Overrides
    /// Receives problems with side effects that must not fail the operation (a widget file not written).
    public let warn: @Sendable (String) -> Void
    /// Whether this process runs background work (`marks serve`): the index observer schedules vector
    /// indexing after each save. A command leaves vectors to `marks index` or a semantic search.
    public let runsBackgroundWork: Bool
    /// The embedding model, loaded the first time a vector is needed and shared by the index and the engine.
    public let model: LazyEmbedder
    /// The widget files in the data directory (one store for every writer and reader).
    public let widgets: WidgetDataStore
    private let parts = Mutex(Parts())

    /// A root over `settings`. `warn` defaults to a `warning:` line on standard error.
    public init(settings: Settings, context: ProcessContext, runsBackgroundWork: Bool = false, overrides: Overrides = Overrides(),
                warn: (@Sendable (String) -> Void)? = nil) {
        self.settings = settings
        self.context = context
        self.overrides = overrides
        self.runsBackgroundWork = runsBackgroundWork
        self.warn = warn ?? { [context] in context.printError("warning: \($0)") }
        let environment = context.environment
        model = LazyEmbedder { try IndexEmbedder.installed(environment: environment) }
        widgets = WidgetDataStore(directory: settings.paths.dataDirectory)
    }

    /// The web address `marks serve` answers on by default (links in `next` from the embedded store use it).
    public static let defaultServeURL = "http://127.0.0.1:8080"

    public var config: MarksConfig { settings.config }
    public var paths: MarksPaths { settings.paths }

    /// What has been built so far.
    struct Parts: Sendable {
        var data: LocalData?
        var fetcher: PageFetcher?
        var metadata: PageMetadataService?
        var source: (any BookmarkSource)?
        var cache: BookmarkCache?
        var index: SearchIndex?
        var indexer: VectorIndexer?
        var jobs: JobRunner?
        var sharedPool: PostgresPool?
        var backendJobs: JobRunner?
        var library: LibraryService?
        var unindexedLibrary: LibraryService?
        var engine: ConfiguredEngine?
        var enrichment: EnrichmentService?
        var share: ShareService?
        var favicons: FaviconService?
        var sources: DocumentLibrary?
        var archive: PageArchive?
        var linkChecker: LinkChecker?
        var feedSubscriptions: FeedSubscriptions?
        var highlights: HighlightStore?
        var readingState: ReadingStateStore?
        var readingPreferences: ReadingPreferencesStore?
        var podcastLibrary: PodcastLibrary?
        var podcastRequests: PodcastRequests?
        var imports: ImportJobs?
        var collections: CollectionRefresh?
    }

    /// Returns the part at `key`, building it with `make` the first time. `make` runs outside the lock (it may
    /// ask for other parts); if two callers race, the first stored value wins and both get it.
    func part<Value: Sendable>(_ key: WritableKeyPath<Parts, Value?>, _ make: () throws -> Value) rethrows -> Value {
        if let built = parts.withLock({ $0[keyPath: key] }) { return built }
        let made = try make()
        return parts.withLock { parts in
            if let built = parts[keyPath: key] { return built }
            parts[keyPath: key] = made
            return made
        }
    }

    // MARK: - Data and the bookmark source

    /// The data directory, opened once: `marks.sqlite` (store, cache, index, backend tables), created if needed.
    public func data() throws -> LocalData {
        try part(\.data) { try overrides.data ?? LocalData(paths: paths, now: context.now) }
    }

    /// The one page fetcher, under the configured policy (scraping, `check` metadata, the reader, enrichment,
    /// the backend).
    public func fetcher() -> PageFetcher {
        part(\.fetcher) { overrides.fetcher ?? PageFetcher(policy: FetchPolicy(config: config)) }
    }

    /// Page titles, descriptions and images for `check` and scraping, through the one fetcher (with its cache).
    public func metadata() -> PageMetadataService {
        part(\.metadata) { PageMetadataService(fetcher: fetcher()) }
    }

    /// The configured bookmark source: the user's linkding server (its settings checked first), or the
    /// embedded store in the data directory.
    public func source() throws -> any BookmarkSource {
        try part(\.source) { try overrides.source ?? makeSource(config.linkding) }
    }

    /// A bookmark source over `server` (nil: the embedded store in the data directory); a server whose settings
    /// need fixing is refused with what to fix.
    public func makeSource(_ server: ServerConfig?) throws -> any BookmarkSource {
        guard let server else { return try data().embeddedSource(baseURL: Self.defaultServeURL, metadata: metadata()) }
        let problems = server.problems
        guard problems.isEmpty else {
            throw AssemblyFailure("The linkding settings need fixing (marks login): " + problems.joined(separator: " "))
        }
        return LinkdingClient(config: server, timeout: settings.requestTimeout)
    }

    /// The remote linkding server the library reads and writes, if there is one (nil: the embedded store).
    public var remoteLinkding: ServerConfig? { config.linkding }

    /// The library's cache for the source: AI metadata, dismissals, sync state and, for a linkding server, a copy of
    /// its bookmarks.
    public func cache() throws -> BookmarkCache {
        let source = try source()
        return try part(\.cache) { try makeCache(for: source) }
    }

    /// A cache for `source`: over the embedded store it keeps no copy of the bookmarks and reads the store instead
    /// (one copy of each text); over a linkding server it keeps the copy the first page, offline reading and the
    /// sweeps read.
    public func makeCache(for source: any BookmarkSource) throws -> BookmarkCache {
        try BookmarkCache(database: try data().database, for: source, store: (source as? EmbeddedBookmarkSource)?.store)
    }

    // MARK: - The library and its search index

    /// The search index in `marks.sqlite`. Over the embedded store it keeps no copy of a bookmark's text: the store's
    /// row in the same file holds it (an index opened before the store's tables exist keeps its text until the next open).
    public func searchIndex() throws -> SearchIndex {
        try part(\.index) {
            // The embedded store, unless a linkding server is configured (or a test hands another source in).
            let embedded = overrides.source.map { $0 is EmbeddedBookmarkSource } ?? (config.linkding == nil)
            return try SearchIndex(database: try data().database, textsInStore: embedded)
        }
    }

    /// The search index if something has opened it, without opening it.
    public var openedSearchIndex: SearchIndex? { parts.withLock { $0.index } }

    /// The vector indexer over the search index (it loads the model on first use). In a process that runs
    /// background work its `schedule()` enqueues the `index.vectors` job on `jobs()`.
    public func indexer() throws -> VectorIndexer {
        let index = try searchIndex()
        let jobs = runsBackgroundWork ? try self.jobs() : nil
        let model = model
        return part(\.indexer) { VectorIndexer(index: index, jobs: jobs, model: model) }
    }

    // MARK: - Background work

    /// The one job runner over the `jobs` table in `marks.sqlite`. `marks serve` registers every kind and starts
    /// it (`ServeParts.startJobs()`); a command registers the kind it needs and runs one job in the foreground
    /// (`marks add`, `marks enrich --all`), only enqueues (`marks share`), or reads the table (`marks jobs`).
    public func jobs() throws -> JobRunner {
        let database = try data().database
        return try part(\.jobs) {
            // A started runner (marks serve) looks every 2 s for jobs a command enqueued from its own process (marks
            // podcast generate without --wait, marks share): that process cannot wake this one.
            JobRunner(store: try JobStore(database: database), clock: JobClock(now: context.now, sleep: JobClock.system.sleep),
                      settings: overrides.jobSettings ?? JobRunnerSettings(pickUpInterval: .seconds(2)), log: warn)
        }
    }

    /// The web app's reading preferences (Settings → Reading, `web_preferences.json` in the data directory); an
    /// unreadable file gives the defaults, with a warning.
    public func readingPreferences() -> ReadingPreferences {
        readingPreferencesStore().current
    }

    /// Where those preferences are kept, made once: the web app saves through it and the wallabag endpoints read it.
    public func readingPreferencesStore() -> ReadingPreferencesStore {
        let directory = paths.dataDirectory
        let warn = warn
        return part(\.readingPreferences) { ReadingPreferencesStore(directory: directory, log: warn) }
    }

    /// The library over the source, keeping the cache, the widget files and the search index in step. When the
    /// index cannot be opened the library still works, with a warning.
    public func library() throws -> LibraryService {
        try part(\.library) { try makeLibrary(observers: indexObservers() + faviconObservers() + archiveObservers() + collectionObservers() + highlightObservers()) }
    }

    /// The library without the index observer (for `marks index` and the first build of the index, which write
    /// the index themselves).
    public func libraryWithoutIndex() throws -> LibraryService {
        try part(\.unindexedLibrary) { try makeLibrary(observers: highlightObservers()) }
    }

    /// In `marks serve` a linkding source's deletes go out by the `linkding.delete` job when the undo window closes;
    /// a CLI command sends them at once (its undo is `marks trash restore`).
    private func makeLibrary(observers: [LibraryObserver]) throws -> LibraryService {
        try makeLibrary(over: try source(), cache: try cache(), observers: observers)
    }

    /// A library over `source` and its cache (nil: straight to the source), writing the widget files, heard by `observers`,
    /// keeping imported highlights in the highlight store.
    /// The embedded store is walked in pages of 10,000: no network between, and each page of a full walk skips its
    /// offset from the start.
    public func makeLibrary(over source: any BookmarkSource, cache: BookmarkCache?, observers: [LibraryObserver]) throws -> LibraryService {
        LibraryService(source: source, widgets: widgets, now: context.now, warn: warn, observers: observers, cache: cache,
                       syncOptions: source is EmbeddedBookmarkSource ? SyncOptions(pageSize: 10_000) : SyncOptions(),
                       deferredDeletes: try deferredDeletes(), importedHighlights: importedHighlights())
    }

    private func deferredDeletes() throws -> DeferredDeletes? {
        runsBackgroundWork ? DeferredDeletes.through(try jobs(), window: Self.undoWindow) : nil
    }

    /// How long `marks serve` waits before a linkding delete is sent (the web app's Undo toast is shorter; the
    /// Trash view restores exactly until then).
    public static let undoWindow: TimeInterval = 30

    public func indexObservers() -> [LibraryObserver] {
        do {
            let index = try searchIndex()
            let indexer = runsBackgroundWork ? try self.indexer() : nil
            // A command queues the catch-up in the shared jobs table too: a running `marks serve` picks it up within
            // its pick-up interval (`marks import` of 100k beside a server), else the next start does.
            let jobs = try self.jobs()
            let catchUp = IndexCatchUp { _ = try await jobs.enqueue(IndexCatchUp.job) }
            return [index.observer(indexer: indexer, pages: pageTexts(), catchUp: catchUp, warn: warn)]
        } catch {
            warn("the search index is not being updated: \(AssemblyFailure.describe(error))")
            return []
        }
    }

    /// Search by words and meaning over the index, on the shared model.
    public func searchService() throws -> SearchService {
        SearchService(index: try searchIndex(), embedder: model)
    }

    // MARK: - AI

    /// The one in-process AI engine (configured provider with the offline engine behind it, or the offline
    /// engine), on the shared model; used by enrichment, the backend and share tag suggestions.
    public func engine() throws -> ConfiguredEngine {
        try part(\.engine) {
            if let engine = overrides.engine { return engine }
            return try ConfiguredEngine(config: config, environment: context.environment,
                                 embedder: model.textEmbedder(dimension: EmbeddingModel.dimension))
        }
    }

    /// Enrichment over the library: a remote backend when configured, else the process's engine.
    public func enrichment() throws -> EnrichmentService {
        let library = try library()
        return try part(\.enrichment) { try makeEnrichment(over: library) }
    }

    /// Enrichment over `library` (the configured library, or in `marks serve` a source Settings switched to); a page
    /// with archived text is summarised from it (without the archive, with a warning, every page is fetched).
    public func makeEnrichment(over library: LibraryService) throws -> EnrichmentService {
        var archivedPage: (@Sendable (String) throws -> PageTextReader.Page?)?
        do {
            let archive = try pageArchive()
            archivedPage = { try archive.readablePage(url: $0) }
        } catch {
            warn("summaries are made from fetched pages, not archived texts: \(AssemblyFailure.describe(error))")
        }
        return EnrichmentService.live(library: library, config: config, local: try engine(), fetcher: fetcher(),
                                      dataDirectory: paths.dataDirectory, appVersion: CompositionRoot.version,
                                      tagSuggester: tagSuggester(), archivedPage: archivedPage)
    }

    /// The one tag suggester (share card, enrichment): the index's tagged neighbours on the shared model; nil, with
    /// a warning, when the index cannot be opened (the engine's tags then stand alone).
    public func tagSuggester() -> TagSuggester? {
        do {
            return TagSuggester(index: try searchIndex(), embedder: model)
        } catch {
            warn("tags from your similar bookmarks are unavailable: \(AssemblyFailure.describe(error))")
            return nil
        }
    }

    // MARK: - Share and podcasts

    /// The podcast requests: `podcast.request` jobs on `jobs()`. The first use in a process moves what the old file
    /// queue left in the data directory into jobs (`PodcastRequestFileMigration`; a failure is a warning, and the
    /// files are tried again next time).
    public func podcastRequests() throws -> PodcastRequests {
        let jobs = try jobs()
        return part(\.podcastRequests) {
            let requests = PodcastRequests(jobs: jobs, dataDirectory: paths.dataDirectory, now: context.now)
            do {
                for path in try requests.migrateFiles().quarantined { warn("an unreadable podcast request was moved to \(path)") }
            } catch {
                warn("the old podcast queue's files were not moved into jobs: \(AssemblyFailure.describe(error))")
            }
            return requests
        }
    }

    /// The share flow over the library, with tag suggestions from the process's engine.
    public func share() throws -> ShareService {
        let library = try library()
        return part(\.share) { makeShare(over: library) }
    }

    /// The share flow over `library`; tag suggestions fail softly when the engine cannot be made.
    public func makeShare(over library: LibraryService) -> ShareService {
        let engine = Result { try self.engine() }
        let podcasts: PodcastRequests?
        do {
            podcasts = try podcastRequests()
        } catch {
            warn("podcast requests cannot be queued: \(AssemblyFailure.describe(error))")
            podcasts = nil
        }
        return ShareService(library: library, podcasts: podcasts, autoPodcastTags: config.autoPodcastTags,
                            suggestTags: AITagSuggester.suggestions(suggester: tagSuggester()) { try engine.get().engine })
    }
}
