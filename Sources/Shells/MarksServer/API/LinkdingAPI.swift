import Foundation
import HTTPServer
import MarksAccess
import MarksCore
import MarksFetch
import MarksReading
import MarksStorage

/// linkding's REST API (LINKDING_API.md) over the embedded store: `/api/…` and `GET /health`, answering as
/// linkding 1.46.2 does — Django's trailing-slash redirect, token authentication, DRF's status codes, error
/// bodies, headers and field order — so the Marks client and existing linkding clients work against it unchanged.
public struct LinkdingAPI: HTTPResponder {
    /// Settings of the embedded API.
    public struct Configuration: Sendable {
        /// The linkding version reported by `/health` and the profile.
        public var version: String
        /// The profile's `tag_search` (`strict` or `lax`).
        public var tagSearch: TagSearchMode
        /// The profile's `enable_sharing`: whether `GET /api/bookmarks/shared/` lists shared bookmarks (off in a
        /// fresh linkding, so the list is empty).
        public var sharing: Bool
        /// The profile's `enable_public_sharing`: whether that list also answers without a token (needs `sharing`).
        public var publicSharing: Bool
        /// The origin used for `next`/`previous` links when a request has no usable Host header.
        public var fallbackOrigin: String

        /// A configuration; the defaults answer as a fresh linkding 1.46.2.
        public init(version: String = "1.46.2", tagSearch: TagSearchMode = .strict, sharing: Bool = false,
                    publicSharing: Bool = false, fallbackOrigin: String = "http://127.0.0.1:8080") {
            self.version = version
            self.tagSearch = tagSearch
            self.sharing = sharing
            self.publicSharing = publicSharing
            self.fallbackOrigin = fallbackOrigin
        }
    }

    /// The store the API reads and writes.
    public let store: BookmarkStore
    /// Where the API token lives; every request is checked against it.
    public let tokens: APITokenStore
    /// The API's settings.
    public let configuration: Configuration
    let metadata: @Sendable (String) async -> BookmarkCheck.Metadata
    /// The favicons Marks keeps: with them, `favicon_url` is Marks' own copy (`/favicons/<site>`), as linkding
    /// gives the address of its own favicon file; without them (or before an icon is found) it is null.
    public var favicons: FaviconService?
    /// Hears of the bookmarks `/api/` created or changed (their ids), once stored: `marks serve` gives them the same
    /// enrichment, favicon, page-text archive and index update as a save in the web app (each queued on the job
    /// runner). Nil: nothing more happens, as in linkding.
    public var saved: (@Sendable ([Int]) async -> Void)?

    /// An API over `store`; `metadata` fetches a page's title, description and image for `check` and scraping.
    public init(store: BookmarkStore, tokens: APITokenStore, configuration: Configuration = Configuration(),
                metadata: @escaping @Sendable (String) async -> BookmarkCheck.Metadata) {
        self.store = store
        self.tokens = tokens
        self.configuration = configuration
        self.metadata = metadata
    }

    /// An API whose page metadata comes from `metadataService` (SSRF-safe fetches, timeouts, a size cap, a cache).
    public init(store: BookmarkStore, tokens: APITokenStore, configuration: Configuration = Configuration(),
                metadataService: PageMetadataService) {
        self.init(store: store, tokens: tokens, configuration: configuration) { url in
            await metadataService.metadata(for: url)
        }
    }

    /// Mounts the API on `router`: `GET /health` and everything under `/api` (also ahead of any catch-all route
    /// another part of the app adds, for the usual methods).
    public func register(on router: inout Router) {
        router.add(.get, "/health", responder: self)
        for method in [HTTPMethod.get, .post, .put, .patch, .delete, .options] {
            router.add(method, "/api/*rest", responder: self)
        }
        router.mount("/api", self)
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        if request.path == "/health" { return Self.djangoHeaders(health()) }
        guard let endpoint = APIEndpoint.resolve(request.path) else {
            if !request.path.hasSuffix("/"), APIEndpoint.resolve(request.path + "/") != nil {
                return Self.appendSlash(request)
            }
            return Self.djangoHeaders(Self.notFoundPage)
        }
        var response: HTTPResponse
        do {
            response = try await answer(endpoint, request)
        } catch let error as APIError {
            response = error.response
        }
        response.headers["Allow"] = endpoint.allowHeader
        return Self.djangoHeaders(response, vary: "Accept, Accept-Language, Cookie")
    }

    // MARK: - Dispatch

    private func answer(_ endpoint: APIEndpoint, _ request: HTTPRequest) async throws -> HTTPResponse {
        let authenticated = try APIAuthenticator.authenticate(request.headers, tokens: tokens)
        if !authenticated && !endpoint.allowsAnonymous(request.method) { throw APIError.notAuthenticated() }
        guard endpoint.allowedMethods.contains(request.method) else { throw APIError.methodNotAllowed(request.method) }
        let method = request.method == .head ? HTTPMethod.get : request.method
        if method == .options { return options(endpoint) }
        switch (endpoint, method) {
        case (.root, _): return Self.json(.object([]))
        case (.bookmarks, .get): return try listBookmarks(request, scope: .unarchived, authenticated: true)
        case (.archived, _): return try listBookmarks(request, scope: .archived, authenticated: true)
        case (.shared, _): return try listBookmarks(request, scope: .shared, authenticated: authenticated)
        case (.bookmarks, _): return try await createBookmark(request)
        case (.check, _): return try await check(request)
        case (.singlefile, _), (.assetUpload, _): return Self.uploadDisabled
        case (.bookmark(let key), .get): return Self.json(bookmarkJSON(try bookmark(key), for: request))
        case (.bookmark(let key), .put): return try await updateBookmark(key, request, mode: .replace)
        case (.bookmark(let key), .patch): return try await updateBookmark(key, request, mode: .patch)
        case (.bookmark(let key), _): return try deleteBookmark(key)
        case (.archive(let key), _): return try setArchived(key, true)
        case (.unarchive(let key), _): return try setArchived(key, false)
        case (.assets(let id), _): return try assets(bookmark: id)
        case (.asset(let id, let key), _), (.assetDownload(let id, let key), _): return try asset(bookmark: id, key: key)
        case (.tags, .get): return try listTags(request)
        case (.tags, _): return try createTag(request)
        case (.tag(let key), .get): return Self.json(try tag(key).jsonValue)
        case (.tag(let key), _): return try deleteTag(key)
        case (.bundles, .get): return try listBundles(request)
        case (.bundles, _): return try createBundle(request)
        case (.bundle(let key), .get): return Self.json(try bundle(key).jsonValue)
        case (.bundle(let key), .put): return try updateBundle(key, request, partial: false)
        case (.bundle(let key), .patch): return try updateBundle(key, request, partial: true)
        case (.bundle(let key), _): return try deleteBundle(key)
        case (.profile, _): return profile()
        }
    }

    // MARK: - Responses

    /// A JSON answer (compact, UTF-8, slashes as they are: DRF's renderer).
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse.json(data: value.data, status: status)
    }

    /// 204 with no body and no Content-Type, as DRF answers an empty `Response`.
    static var noContent: HTTPResponse { HTTPResponse(status: 204) }

    /// Django's `APPEND_SLASH` redirect: 301 to the same path with a slash, query kept (a POST body is lost). It
    /// leaves Django before the inner middlewares, so it has fewer headers than other answers.
    private static func appendSlash(_ request: HTTPRequest) -> HTTPResponse {
        let query = request.rawQuery.isEmpty ? "" : "?" + request.rawQuery
        var response = HTTPResponse.redirect(to: request.rawPath + "/" + query, status: .movedPermanently)
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        response.headers["Vary"] = "Cookie"
        addSecurityHeaders(&response)
        return response
    }

    /// Django's 404 page for an address linkding has no route for (HTML, which clients read as "not linkding").
    static var notFoundPage: HTTPResponse {
        HTTPResponse.html("""

            <!doctype html>
            <html lang="en">
            <head>
              <title>Not Found</title>
            </head>
            <body>
              <h1>Not Found</h1><p>The requested resource was not found on this server.</p>
            </body>
            </html>

            """, status: 404)
    }

    /// The headers Django's middleware adds to every answer that went through linkding's whole stack.
    private static func djangoHeaders(_ response: HTTPResponse, vary: String = "Accept-Language, Cookie") -> HTTPResponse {
        var response = response
        response.headers["Vary"] = vary
        response.headers["Content-Language"] = "en"
        response.headers["X-Frame-Options"] = "DENY"
        addSecurityHeaders(&response)
        return response
    }

    /// Django's security middleware headers.
    private static func addSecurityHeaders(_ response: inout HTTPResponse) {
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
    }

    private static var uploadDisabled: HTTPResponse {
        json(.object([("error", .string("Asset upload is disabled."))]), status: 403)
    }

    /// Whether the head carries the current API token (before its body is read).
    func recognizes(_ head: HTTPRequest) -> Bool {
        do {
            return try APIAuthenticator.authenticate(head.headers, tokens: tokens)
        } catch {
            return false
        }
    }
}
