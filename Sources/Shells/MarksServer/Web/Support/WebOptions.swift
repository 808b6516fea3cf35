import Foundation
import MarksAccess
import MarksCore
import MarksAppAPI
import MarksJobs
import MarksAsk
import MarksBookmarks
import MarksDocuments
import MarksFetch
import MarksIndex
import MarksPodcasts
import MarksReading
import MarksShare

/// How the web app behaves, with defaults for `marks serve`; tests shorten the Undo window.
public struct WebOptions: Sendable {
    /// How long archive and delete wait for Undo before the request is sent.
    public var undoSeconds: Double
    /// Bookmarks per page of the list.
    public var pageSize: Int
    /// The time zone dates are shown in.
    public var timeZone: TimeZone
    /// Where reading progress is kept (a small JSON file); nil keeps it in memory only.
    public var stateDirectory: URL?
    /// The reading progress (the one store the app's exports and imports use too); nil: the web app makes its own
    /// over `stateDirectory`.
    public var readingState: ReadingStateStore?
    /// The reading preferences (the one store the wallabag endpoints read too); nil: the web app makes its own over
    /// `stateDirectory`.
    public var readingPreferences: ReadingPreferencesStore?
    /// Picks an index below the bound (the random home card); tests make it fixed.
    public var random: @Sendable (Int) -> Int
    /// Receives unexpected errors for the server's log (the page shows a generic message).
    public var log: @Sendable (String) -> Void
    /// Search by meaning (the Search tab's Semantic mode): query, unread only, tag → bookmarks, best first.
    /// Nil keeps the Semantic switch off.
    public var semanticSearch: (@Sendable (_ query: String, _ unreadOnly: Bool, _ tag: String?) async throws -> [Bookmark])?
    /// How far the vectors being computed now are (nil: none being computed): Semantic mode says how much of the
    /// library it has read yet. A read of memory.
    public var semanticReading: @Sendable () -> IndexProgress? = { nil }
    /// The words of a keyword search in the archived page texts (the search index's `textSearch` within the scope),
    /// best first, each with its snippet: the Search tab lists the page matches linkding's fields did not find.
    /// Nil shows none.
    public var pageTextSearch: (@Sendable (_ words: String, _ filter: SearchFilter) async throws -> [SearchResult])?
    /// AI enrichment (summaries and tags after adding, Enrich All, the Collections tab) for `WebApp(library:)`; nil
    /// turns them off. `WebApp(sources:)` takes each source's own from the switch.
    public var enrichment: EnrichmentService?
    /// The share flow behind the PWA share target and the bookmarklet (`/share`) for `WebApp(library:)`; nil uses
    /// the plain Add form. `WebApp(sources:)` takes each source's own from the switch.
    public var share: ShareService?
    /// The job runner that enrichment after saving, Enrich All, podcast requests and imports are enqueued on (nil: saving
    /// does not enrich and Enrich All is off). Pages only read its table; no page view starts work.
    public var jobs: JobRunner?
    /// Imports started from Settings → Import (`library.import` jobs; the composition root registers the kind); nil
    /// answers the upload with 503.
    public var imports: ImportJobs?
    /// The select mode's bulk actions as durable jobs on a linkding server; nil runs them one by one in the request.
    public var bulk: BulkActions? = nil
    /// The saved smart collections (the Collections tab lists them, renames them, takes bookmarks out; with `jobs`,
    /// Refresh queues `collections.refresh`); nil: the tab says collections are not available.
    public var collections: CollectionRefresh? = nil
    /// Which of these URLs have their page's text kept (the archive): with the reading preference "reader", their rows'
    /// titles open the reader, the others the original page. Nil: every title opens the original page.
    public var archivedPages: (@Sendable ([String]) throws -> Set<String>)? = nil
    /// The broken-link check: a bookmark's page shows its link's status with Check now (and Update URL for a page that
    /// moved), the lists offer Broken and search `!broken`. Nil: none of that shows, and the routes answer 404.
    public var links: LinkChecker? = nil
    /// The followed feeds: Settings → Feeds adds, lists, removes and checks them (with `jobs`, Check now queues
    /// `feeds.poll`), imports and exports OPML. Nil: the section is not shown and its routes answer 404.
    public var feeds: FeedSubscriptions? = nil
    /// Fetches the reader's images for the signed image proxy (`/reader/image`); nil leaves images out of the reader.
    public var images: ImageFetcher?
    /// The sizes the image proxy learnt of the images it served, for the reader's `<img>` (nil: only the sizes the
    /// pages gave).
    public var imageSizes: ReaderImageSizes? = nil
    /// The favicons Marks keeps (`/favicons/<site>`, the rows' icons); nil leaves rows to the bookmark server's icon
    /// or the monogram.
    public var favicons: FaviconService?
    /// Where the server listens once it does (Settings → Devices builds sign-in links on it); nil: the
    /// request's Host header.
    public var listenAddress: @Sendable () -> ListenAddress?
    /// The Sources tab's library (pasted text, PDFs, files); nil shows the tab as not available.
    public var sourceLibrary: DocumentLibrary?
    /// Where a source's Podcast action queues its request (a `podcast.request` job); nil turns the action off.
    public var podcasts: PodcastRequests?
    /// The podcast library and its generation manager: the Podcasts tab, the player, row podcast states and the Podcast
    /// action, marking bookmarks read when an episode is played; nil shows the tab as not built and leaves the action out
    /// (a source's Podcast then queues to `podcasts`).
    public var podcastManager: PodcastGenerationManager?
    /// This machine's LAN addresses (for a server on 0.0.0.0); tests pass fixed ones.
    public var lanAddresses: @Sendable () -> [String]
    /// The private podcast feed's secret: Settings shows the feed's URL with a QR code and rotates it; nil hides that part.
    public var podcastFeed: FeedSecrets? = nil
    /// The bookmark feeds' key (linkding's `/feeds/<key>/…`): Settings shows the feeds' URLs and rotates it; nil hides that part.
    public var bookmarkFeeds: FeedSecrets? = nil
    /// E-readers allowed in through the wallabag endpoints (KOReader): Settings → Devices makes, lists and revokes them;
    /// nil leaves that part out.
    public var eReaders: EReaderClients? = nil
    /// Ask (the Ask tab: answers from the library with citations, follow-ups, streamed); nil shows the tab as not
    /// available.
    public var ask: AskService? = nil
    /// The `/v1/` backend's pairing codes: Settings → Devices → Pair a device shows one; nil leaves that out.
    public var pairing: PairingCodes? = nil
    /// The `/v1/` backend's devices: Settings → Devices lists them with Revoke, and Sign out everywhere revokes their
    /// tokens too; nil leaves that out.
    public var backendDevices: DeviceAuthority? = nil
    /// Highlights and notes (the reader's selections, the Highlights view); nil turns them off.
    public var highlights: HighlightStore? = nil
    /// The archived page texts (Settings → Export adds them to the Markdown notes when asked); nil: without them.
    public var pageArchive: PageArchive? = nil
    /// Told of a change to a bookmark's highlights (the search index takes them again); nil: nothing follows.
    public var highlightsChanged: (@Sendable (_ bookmarkID: Int) async -> Void)? = nil
    /// Told of a change to a document's highlights (the search index takes them again); nil: nothing follows.
    public var documentHighlightsChanged: (@Sendable (_ documentID: UUID) async -> Void)? = nil
    /// The configured public URL (`public_url`) the feed's URL is built on; nil: the request's Host.
    public var publicURL: String? = nil

    /// Options; the defaults suit `marks serve`.
    public init(undoSeconds: Double = 6, pageSize: Int = 50, timeZone: TimeZone = .current, stateDirectory: URL? = nil,
                random: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<max(1, $0)) },
                log: @escaping @Sendable (String) -> Void = { _ in }, enrichment: EnrichmentService? = nil) {
        self.undoSeconds = undoSeconds
        self.pageSize = pageSize
        self.timeZone = timeZone
        self.stateDirectory = stateDirectory
        self.random = random
        self.log = log
        self.enrichment = enrichment
        self.semanticSearch = nil
        self.pageTextSearch = nil
        self.share = nil
        self.jobs = nil
        self.imports = nil
        self.images = nil
        self.favicons = nil
        self.listenAddress = { nil }
        self.sourceLibrary = nil
        self.podcasts = nil
        self.podcastManager = nil
        self.lanAddresses = { ListenAddress.lanAddresses() }
    }
}
