import Foundation
import HTTPClient
import MarksCore

/// A `BookmarkSource` backed by any linkding server over HTTP (or `marks serve`'s `/api/`), speaking the
/// contract in LINKDING_API.md. Every failure is a `BookmarkSourceError`.
public struct LinkdingClient: BookmarkSource {
    /// The oldest linkding Marks supports: 1.19.0 is the first with bookmark notes (and it has `/health`).
    public static let minimumVersion = "1.19.0"
    /// The default request timeout; linkding can block up to 10 s while scraping, so keep it above that.
    /// A person at a terminal waits at most this long, idle (`MARKS_TIMEOUT` changes it for the CLI).
    public static let defaultTimeout: TimeInterval = 30
    /// Connecting must succeed within this (a host that drops packets fails fast, with its own message).
    public static let connectTimeout: TimeInterval = 10
    /// Page size used when following every page (`allTags`).
    public static let allPagesLimit = 1000

    /// The server this client talks to.
    public let config: ServerConfig
    /// The request timeout in seconds (millisecond precision).
    public let timeout: TimeInterval
    private let transport: HTTPTransport

    /// A client for a server; the network comes through `transport` (the libcurl client by default).
    public init(config: ServerConfig, timeout: TimeInterval = LinkdingClient.defaultTimeout, transport: HTTPTransport = .live) {
        self.config = config
        self.timeout = timeout
        self.transport = transport
    }

    // MARK: BookmarkSource

    /// The server's base URL (the cache key); bookmarks are imported entry by entry through the API.
    public var identity: String {
        config.baseURL?.absoluteString ?? "linkding:\(config.host)"
    }

    /// One page of bookmarks (archived ones when `query.archived`).
    public func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark> {
        try Self.decodeBookmarkPage(response: try await send(.listBookmarks(query)))
    }

    /// The page a previous page's `next`/`previous` points to, fetched from the configured origin.
    public func page(at link: String) async throws -> Page<Bookmark> {
        try Self.decodeBookmarkPage(response: try await send(.pageLink(link)))
    }

    /// One bookmark by id; `notFound` when there is none.
    public func bookmark(id: Int) async throws -> Bookmark {
        try await fetch(Bookmark.self, .bookmark(id: id))
    }

    /// The bookmark with this URL (archived ones too), the page's metadata and auto tags.
    public func check(url: String) async throws -> BookmarkCheck {
        try await fetch(BookmarkCheck.self, .checkBookmark(url: url))
    }

    /// Creates a bookmark; `scrape: false` sends `?disable_scraping`. A POST of an existing URL overwrites it.
    public func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark {
        try await fetch(Bookmark.self, .createBookmark(draft, scrape: scrape))
    }

    /// Creates a bookmark, letting the server scrape the page only when no title is given.
    public func create(_ draft: BookmarkDraft) async throws -> Bookmark {
        try await create(draft, scrape: draft.title.isEmpty)
    }

    /// Sends only the fields set in `update` (PATCH).
    public func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        try await fetch(Bookmark.self, .updateBookmark(id: id, update))
    }

    /// Deletes a bookmark.
    public func delete(id: Int) async throws {
        _ = try await send(.deleteBookmark(id: id))
    }

    /// Archives a bookmark.
    public func archive(id: Int) async throws {
        _ = try await send(.archiveBookmark(id: id))
    }

    /// Unarchives a bookmark.
    public func unarchive(id: Int) async throws {
        _ = try await send(.unarchiveBookmark(id: id))
    }

    /// One page of tags, in creation order.
    public func tags(limit: Int, offset: Int) async throws -> Page<Tag> {
        try await fetch(Page<Tag>.self, .listTags(limit: limit, offset: offset))
    }

    /// Deletes a tag (and takes it off its bookmarks); `notFound` when there is none.
    public func deleteTag(id: Int) async throws {
        _ = try await send(.deleteTag(id: id))
    }

    /// One page of bundles (linkding 1.4x).
    public func bundles(limit: Int, offset: Int) async throws -> Page<BookmarkBundle> {
        try await fetch(Page<BookmarkBundle>.self, .listBundles(limit: limit, offset: offset))
    }

    /// Creates a bundle.
    public func createBundle(_ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        try await fetch(BookmarkBundle.self, .createBundle(draft))
    }

    /// Changes the fields set in `draft` (PATCH).
    public func updateBundle(id: Int, _ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        try await fetch(BookmarkBundle.self, .updateBundle(id: id, draft))
    }

    /// Deletes a bundle.
    public func deleteBundle(id: Int) async throws {
        _ = try await send(.deleteBundle(id: id))
    }

    /// The server's `/health`; `notLinkding` when it has none or it is not linkding's answer.
    public func health() async throws -> ServerHealth {
        let response = try await send(.health, notFound: .notLinkding("it has no /health endpoint"))
        let health: ServerHealth
        do {
            health = try Self.decode(ServerHealth.self, response: response)
        } catch .malformedResponse(let detail) {
            throw BookmarkSourceError.notLinkding("/health did not answer linkding's {version, status}: \(detail)")
        }
        return health
    }

    // MARK: Transport

    /// Sends a request and decodes a 2xx answer.
    func fetch<T: Decodable>(_ type: T.Type, _ endpoint: LinkdingEndpoint) async throws -> T {
        return try Self.decode(type, response: try await send(endpoint))
    }

    /// Sends a request; a non-2xx answer or a network failure becomes a `BookmarkSourceError`.
    /// `notFound` replaces the error of a JSON 404 (an HTML 404 is always `notLinkding`).
    func send(_ endpoint: LinkdingEndpoint, notFound: BookmarkSourceError = .notFound) async throws -> HTTPClientResponse {
        let request = try endpoint.request(config: config, timeout: timeout)
        let response: HTTPClientResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw Self.transportFailure(error, host: hostDescription, timeout: timeout)
        }
        guard (200..<300).contains(response.status) else {
            throw Self.statusFailure(response, path: request.path, notFound: notFound)
        }
        return response
    }

    /// The host (and port) for messages.
    var hostDescription: String {
        config.port.map { "\(config.host):\($0)" } ?? config.host
    }
}
