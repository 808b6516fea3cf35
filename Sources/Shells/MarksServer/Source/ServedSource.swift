import MarksCore
import MarksBookmarks
import MarksShare

/// Everything `marks serve` builds from the bookmark source, as one value: the library over it (with its cache,
/// the index and favicon observers and the trash's deferred deletes), the enrichment and share flows over that
/// library, and what `/api/` answers (the embedded store's linkding API, or the 503 naming the remote server).
/// `SourceSwitch` holds the one in use and swaps it whole, so no part can keep reading an old source.
public struct ServedSource: Sendable {
    /// The linkding server the library reads and writes; nil for the embedded store.
    public let server: ServerConfig?
    /// The library over the source.
    public let library: LibraryService
    /// Enrichment over `library`; nil turns AI enrichment off.
    public let enrichment: EnrichmentService?
    /// The share flow over `library`; nil uses the plain Add form.
    public let share: ShareService?
    /// The embedded store's linkding API, when the source is that store and `/api/` serves it.
    public let api: LinkdingAPI?

    /// The parts built for one source.
    public init(server: ServerConfig?, library: LibraryService, enrichment: EnrichmentService? = nil,
                share: ShareService? = nil, api: LinkdingAPI? = nil) {
        self.server = server
        self.library = library
        self.enrichment = enrichment
        self.share = share
        self.api = api
    }

    /// The source's identity (its cache key); jobs queued for a bookmark carry it.
    public var identity: String { library.source.identity }

    /// What `/api/` answers when the source is a remote linkding server.
    public var remoteNotice: RemoteLinkdingNotice? {
        server.map { RemoteLinkdingNotice(serverURL: Self.address(of: $0)) }
    }

    /// "the linkding server at https://…" or "Marks’ own store on this computer".
    public var description: String {
        server.map { "the linkding server at " + Self.address(of: $0) } ?? "Marks’ own store on this computer"
    }

    /// A server's address as Marks shows it.
    public static func address(of server: ServerConfig) -> String {
        server.baseURL?.absoluteString ?? server.host
    }
}
