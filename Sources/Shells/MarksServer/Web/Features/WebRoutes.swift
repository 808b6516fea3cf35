import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksPodcasts
import MarksJobs
import MarksBookmarks
import MarksDocuments

/// The web app's composition: the features' controllers, built from the options, and their route tables mounted on
/// one router. Pages are GET; every change is a POST with a CSRF token. Public paths (assets, manifest, service
/// worker, sign-in, offline page, favicons) need no session.
///
/// This is the one place that reads the optional services of `WebOptions`: a feature's routes are mounted with its
/// services when they are configured, and otherwise the answers that server gives without them (`WebRoutes+Absent`),
/// so no handler checks a service for nil. Parts of pages that only show with a service get a value decided here.
enum WebRoutes {
    /// The router of a web app over `web` with `options`' services; `widgets` feeds the home cards, `reader` the reader
    /// view (nil: none).
    static func router(_ web: WebContext, options: WebOptions, widgets: WidgetDataStore?, reader: ReaderController.Extract?) -> Router {
        var r = Router()
        r.defaultErrorRenderer(ErrorRenderer { error, request in web.errorPage(error, request: request) })
        let absent = AbsentFeatures(web: web)

        // The optional features, built once.
        let podcasts = options.podcastManager.map { PodcastsController(web: web, manager: $0) }
        let documents = options.sourceLibrary.map { library in
            DocumentsController(web: web, sourceLibrary: library, podcastStates: sourcePodcastStates(options),
                              podcastOffered: podcasts != nil || options.podcasts != nil,
                              makePodcast: makePodcast(web, podcasts: podcasts, queue: options.podcasts),
                              ocrJob: ocrJob(options), highlights: documentHighlights(options))
        }
        let enrichment = options.jobs.map { EnrichmentJobs(jobs: $0, log: options.log) }

        // Bookmarks: lists, tags, bundles, search; one bookmark, add, the read-later loop, bulk, trash, AI tags.
        let cards = widgets.map { HomeCards(widgets: $0, random: options.random, log: options.log) }
        let findSources: @Sendable (String, String?) -> [DocumentSummary]
        if let documents { findSources = { documents.matches($0, tag: $1) } } else { findSources = { _, _ in [] } }
        let homeCards: @Sendable () -> HomeCardsView?
        if let cards { homeCards = { cards.load() } } else { homeCards = { nil } }
        var lists = BookmarkListController(web: web, semanticSearch: options.semanticSearch, pageTextSearch: options.pageTextSearch,
                                           findSources: findSources, homeCards: homeCards)
        lists.semanticReading = options.semanticReading
        if let store = options.highlights {
            let log = options.log
            lists.findHighlights = { words in
                do {
                    return try store.highlights(source: web.library.source.identity, matching: words, limit: BookmarkListController.highlightMatchLimit)
                } catch {
                    log("highlights were not searched: \(error)")
                    return []
                }
            }
            if let library = options.sourceLibrary {
                lists.documentTitle = { id in
                    do {
                        return try library.source(id: id).summary.displayTitle
                    } catch DocumentError.notFound {
                        return nil  // in the trash or deleted for good: the panel says so
                    } catch {
                        log("the title of source \(id.uuidString.lowercased()) could not be read: \(error)")
                        return nil
                    }
                }
            }
        }
        lists.mount(on: &r)
        let podcastBookmark: @Sendable (HTTPRequest) async throws -> HTTPResponse
        if let podcasts { podcastBookmark = { try await podcasts.podcastBookmark($0) } } else { podcastBookmark = { try await absent.noPodcasts($0) } }
        let trashedSources: @Sendable () -> [DocumentSummary]
        if let documents { trashedSources = { documents.trashedSources() } } else { trashedSources = { [] } }
        let enrich: @Sendable (Int) async -> Void
        if let enrichment { enrich = { await enrichment.enqueue($0, in: web.served) } } else { enrich = { _ in } }
        let applyBulk: BookmarkController.ApplyBulk
        if let bulk = options.bulk {
            applyBulk = { change, ids, library in try await bulk.apply(change, ids: ids, on: library) }
        } else {
            applyBulk = { change, ids, library in try await library.bulk(change, ids: ids) }
        }
        BookmarkController(web: web, podcastBookmark: podcastBookmark, trashedSources: trashedSources, enrich: enrich,
                           applyBulk: applyBulk).mount(on: &r)
        if let links = options.links {
            LinkCheckController(web: web, links: links).mount(on: &r)
        } else {
            absent.mountLinkChecks(on: &r)
        }

        // Reading: the reader, its image proxy, the favicons Marks keeps.
        ReaderController(web: web, extract: reader ?? { _ in throw ReaderController.Unavailable() }, imageProxy: options.images != nil,
                         imageSizes: options.imageSizes).mount(on: &r)
        if let images = options.images {
            ReaderImageController(web: web, images: images, sizes: options.imageSizes).mount(on: &r)
        } else {
            r.get("/reader/image") { try absent.noImages($0) }
        }
        if let favicons = options.favicons {
            FaviconController(web: web, favicons: favicons).mount(on: &r)
        } else {
            r.get("/favicons/:site") { _ in throw HTTPError(404, "Marks has no icon for this site.") }
        }

        // Highlights and notes: made in the reader, listed per bookmark and across the library.
        if let store = options.highlights {
            var highlights = HighlightsController(web: web, store: store, extract: reader ?? { _ in throw ReaderController.Unavailable() },
                                                  changed: options.highlightsChanged ?? { _ in })
            highlights.documents = options.sourceLibrary
            highlights.documentChanged = options.documentHighlightsChanged ?? { _ in }
            highlights.mount(on: &r)
        } else {
            absent.mountHighlights(on: &r)
        }

        // Collections and Enrich All.
        if let saved = options.collections {
            let collections = CollectionsController(web: web, enrichment: enrichment, collections: saved, jobs: options.jobs)
            collections.mount(on: &r)
            if let enrichment {
                r.post("/collections/enrich") { try await collections.enrichAll($0, jobs: enrichment) }
            } else {
                r.post("/collections/enrich") { _ in web.redirect("/collections") }
            }
        } else {
            absent.mountCollections(on: &r)
        }

        // Settings, devices, sign-in; import and export.
        let apps = options.backendDevices
        let revokeAppTokens: @Sendable () throws -> Void
        if let apps { revokeAppTokens = { try apps.revokeAll() } } else { revokeAppTokens = {} }
        let listening: @Sendable () -> PodcastListeningSettings?
        if let podcasts { listening = { podcasts.listeningSettings() } } else { listening = { nil } }
        var configured = SettingsController(web: web, apps: apps, revokeAppTokens: revokeAppTokens, pairingAvailable: options.pairing != nil,
                                            feed: options.podcastFeed, listening: listening)
        configured.bookmarkFeeds = options.bookmarkFeeds
        configured.eReaders = options.eReaders
        configured.highlights = options.highlights
        configured.pageArchive = options.pageArchive
        configured.sourceLibrary = options.sourceLibrary
        configured.feeds = options.feeds
        let settings = configured
        settings.mount(on: &r)
        if let pairing = options.pairing {
            r.post("/settings/pairing-code") { try settings.pairingCode($0, pairing: pairing) }
        } else {
            r.post("/settings/pairing-code") { _ in throw HTTPError(404, "Pairing is not available on this server.") }
        }
        if let apps {
            r.post("/settings/apps/revoke-all") { try settings.revokeAllApps($0, devices: apps) }
            r.post("/settings/apps/:id/revoke") { try settings.revokeApp($0, devices: apps) }
        } else {
            r.post("/settings/apps/revoke-all") { _ in throw HTTPError(404, "There are no app devices on this server.") }
            r.post("/settings/apps/:id/revoke") { _ in throw HTTPError(404, "There is no such device.") }
        }
        if let eReaders = options.eReaders {
            r.post("/settings/ereaders") { try settings.addEReader($0, clients: eReaders) }
            r.post("/settings/ereaders/:id/revoke") { try settings.revokeEReader($0, clients: eReaders) }
        } else {
            r.post("/settings/ereaders") { _ in throw HTTPError(404, "E-readers are not available on this server.") }
            r.post("/settings/ereaders/:id/revoke") { _ in throw HTTPError(404, "There is no such e-reader.") }
        }
        if let feed = options.podcastFeed {
            r.post("/settings/podcast-feed/rotate") { try settings.rotatePodcastFeed($0, secrets: feed) }
        } else {
            r.post("/settings/podcast-feed/rotate") { _ in throw HTTPError(404, "The podcast feed is not available on this server.") }
        }
        if let feeds = options.bookmarkFeeds {
            r.post("/settings/bookmark-feeds/rotate") { try settings.rotateBookmarkFeeds($0, secrets: feeds) }
        } else {
            r.post("/settings/bookmark-feeds/rotate") { _ in throw HTTPError(404, "The bookmark feeds are not available on this server.") }
        }
        if let feeds = options.feeds {
            FeedsController(web: web, feeds: feeds, jobs: options.jobs).mount(on: &r)
        } else {
            r.get("/settings/feeds") { _ in throw HTTPError(404, "Following feeds is not available on this server.") }
        }
        if let imports = options.imports {
            ImportController(web: web, imports: imports, settingsPages: settings).mount(on: &r)
        } else {
            r.post("/settings/import") { _ in throw HTTPError(503, "Imports are not available on this server.") }
            r.get("/settings/import/:id") { _ in throw HTTPError(404, "That import is not known (the last \(ImportJobs.kept) imports are kept).") }
        }

        // The shell: More, theme, offline page, assets.
        ShellController(web: web).mount(on: &r)

        // Podcasts: the library, the queue, the full player and what the player posts.
        if let podcasts {
            podcasts.mount(on: &r)
        } else {
            absent.mountPodcasts(on: &r)
        }

        // Sources (pasted text, PDFs, files); the upload streams to disk.
        if let documents {
            documents.mount(on: &r)
            if let jobs = options.jobs {
                r.post("/sources/:id/ocr") { try await documents.ocrSource($0, jobs: jobs) }
            } else {
                r.post("/sources/:id/ocr") { try documents.noOCR($0) }
            }
        } else {
            absent.mountSources(on: &r)
        }

        // Ask: answers from the library with citations; the script streams them.
        if let service = options.ask {
            var ask = AskController(web: web, service: service)
            ask.semanticReading = options.semanticReading
            ask.mount(on: &r)
        } else {
            absent.mountAsk(on: &r)
        }
        return r
    }

    /// Paths anyone may fetch: what the sign-in page and the installed app need before a session exists.
    static func isPublic(_ path: String) -> Bool {
        path == "/signin" || path == "/offline" || path == "/sw.js" || path == "/manifest.webmanifest"
            || path.hasPrefix("/assets/") || path == "/favicon.ico"
            || path.hasPrefix("/favicons/") // like linkding's favicon files: `/api/` clients load them without a session
    }

    /// The context of a web app: its rows' icons and podcast states, and whether pages offer Podcast, decided here.
    static func context(sources: SourceSwitch, auth: OwnerAuth, settings: WebSettings, options: WebOptions) -> WebContext {
        WebContext(sources: sources, auth: auth, settings: settings, options: options, rowFavicon: rowFavicon(options),
                   rowPodcasts: rowPodcasts(options), rowArchived: rowArchived(options), podcastAction: options.podcastManager != nil,
                   highlights: highlights(options, sources: sources), linkStatus: linkStatus(options), brokenURLs: brokenURLs(options))
    }

    /// A URL's last link check (nil without link checks; a read failure is logged and shows as never checked).
    private static func linkStatus(_ options: WebOptions) -> (@Sendable (String) -> LinkCheck?)? {
        guard let links = options.links else { return nil }
        let log = options.log
        return { url in
            do {
                return try links.result(url: url)
            } catch {
                log("the link check of \(url.prefix(200)) could not be read: \(error)")
                return nil
            }
        }
    }

    /// The URLs found broken (none without link checks; a read failure is logged and shows none).
    private static func brokenURLs(_ options: WebOptions) -> @Sendable () -> Set<String> {
        guard let links = options.links else { return { [] } }
        let log = options.log
        return {
            do {
                return try links.brokenURLs()
            } catch {
                log("the broken links could not be read: \(error)")
                return []
            }
        }
    }

    /// A document's highlights (nil without a store; a read failure is logged and shows none).
    private static func documentHighlights(_ options: WebOptions) -> @Sendable (UUID) -> [Highlight]? {
        guard let store = options.highlights else { return { _ in nil } }
        let log = options.log
        return { id in
            do {
                return try store.highlights(documentID: id)
            } catch {
                log("the highlights of source \(id.uuidString.lowercased()) could not be read: \(error)")
                return []
            }
        }
    }

    /// A bookmark's highlights in the current source (nil without a store; a read failure is logged and shows none).
    private static func highlights(_ options: WebOptions, sources: SourceSwitch) -> @Sendable (Int) -> [Highlight]? {
        guard let store = options.highlights else { return { _ in nil } }
        let log = options.log
        return { id in
            do {
                return try store.highlights(source: sources.current.library.source.identity, bookmarkID: id)
            } catch {
                log("the highlights of bookmark \(id) could not be read: \(error)")
                return []
            }
        }
    }

    /// Which rows' pages are kept (none without an archive; a read failure is logged and opens the original pages).
    private static func rowArchived(_ options: WebOptions) -> @Sendable ([String]) -> Set<String> {
        guard let archived = options.archivedPages else { return { _ in [] } }
        let log = options.log
        return { urls in
            do {
                return try archived(urls)
            } catch {
                log("which rows have a kept page could not be read; their titles open the original: \(error)")
                return []
            }
        }
    }

    /// The rows' icons: Marks' own copy when it keeps favicons, else the bookmark server's.
    private static func rowFavicon(_ options: WebOptions) -> @Sendable (Bookmark) -> SafeURL? {
        guard let favicons = options.favicons else { return { WebContext.favicon($0) } }
        return { FaviconController.faviconURL($0, favicons: favicons) }
    }

    /// The rows' podcast states (none without podcasts).
    private static func rowPodcasts(_ options: WebOptions) -> @Sendable ([Int]) -> [Int: PodcastRowState] {
        guard let library = options.podcastManager?.library else { return { _ in [:] } }
        return PodcastsController.podcastStates(library, log: options.log)
    }

    /// The podcast states of source rows (none without podcasts; a read failure is logged and shows none).
    private static func sourcePodcastStates(_ options: WebOptions) -> @Sendable ([String]) -> [String: PodcastRowState] {
        guard let library = options.podcastManager?.library else { return { _ in [:] } }
        let log = options.log
        return { ids in
            do {
                return try library.states(sourceIDs: ids)
            } catch {
                log("podcast states for source rows could not be read: \(error)")
                return [:]
            }
        }
    }

    /// A source's OCR job by its key (nil without a job runner: no OCR).
    private static func ocrJob(_ options: WebOptions) -> (@Sendable (String) throws -> Job?)? {
        guard let jobs = options.jobs else { return nil }
        return { key in try jobs.store.jobs(kind: DocumentLibrary.ocrKind, key: key, limit: 1).first }
    }

    /// A source's Podcast: made by the podcasts feature, else queued as a request, else a 404.
    private static func makePodcast(_ web: WebContext, podcasts: PodcastsController?, queue: PodcastRequests?) -> DocumentsController.MakePodcast {
        if let podcasts {
            return { summary, _, request in
                try await podcasts.runPodcastAction(.source(id: summary.id), request: request, back: "/sources/" + summary.id.uuidString.lowercased())
            }
        }
        if let queue {
            return { summary, text, request in
                try await DocumentsController.queuePodcast(summary, text: text, request: request, queue: queue, web: web)
            }
        }
        return { _, _, _ in throw HTTPError(404, "This server does not queue podcasts.") }
    }
}
