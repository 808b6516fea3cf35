import Foundation
import HTTPClient
import MarksCore

/// Every request Marks sends to a linkding server, built in one place (LINKDING_API.md): method, path under
/// the configured prefix with its trailing slash, query, headers and JSON body.
public enum LinkdingEndpoint: Sendable {
    /// `GET /health` (no slash, no token).
    case health
    /// `GET /api/bookmarks/` or `/api/bookmarks/archived/` with the query's parameters.
    case listBookmarks(BookmarkListQuery)
    /// `GET /api/bookmarks/<id>/`.
    case bookmark(id: Int)
    /// `GET /api/bookmarks/check/?url=`.
    case checkBookmark(url: String)
    /// `POST /api/bookmarks/`, with `?disable_scraping` when `scrape` is false.
    case createBookmark(BookmarkDraft, scrape: Bool)
    /// `PATCH /api/bookmarks/<id>/` with only the changed fields.
    case updateBookmark(id: Int, BookmarkUpdate)
    /// `DELETE /api/bookmarks/<id>/`.
    case deleteBookmark(id: Int)
    /// `POST /api/bookmarks/<id>/archive/`.
    case archiveBookmark(id: Int)
    /// `POST /api/bookmarks/<id>/unarchive/`.
    case unarchiveBookmark(id: Int)
    /// `GET /api/tags/`.
    case listTags(limit: Int, offset: Int)
    /// `DELETE /api/tags/<id>/` (linkding removes the tag from its bookmarks, leaving their `date_modified`).
    case deleteTag(id: Int)
    /// `GET /api/bundles/`.
    case listBundles(limit: Int, offset: Int)
    /// `POST /api/bundles/`.
    case createBundle(BookmarkBundleDraft)
    /// `PATCH /api/bundles/<id>/` with only the fields set.
    case updateBundle(id: Int, BookmarkBundleDraft)
    /// `DELETE /api/bundles/<id>/`.
    case deleteBundle(id: Int)
    /// `GET` of a page's `next`/`previous` link: its path and query, on the configured origin.
    case pageLink(String)

    /// The HTTP method.
    public var method: String {
        switch self {
        case .health, .listBookmarks, .bookmark, .checkBookmark, .listTags, .listBundles, .pageLink: return "GET"
        case .createBookmark, .archiveBookmark, .unarchiveBookmark, .createBundle: return "POST"
        case .updateBookmark, .updateBundle: return "PATCH"
        case .deleteBookmark, .deleteTag, .deleteBundle: return "DELETE"
        }
    }

    /// The JSON body, if the request has one.
    public var body: JSONValue? {
        switch self {
        case .createBookmark(let draft, _): return draft.jsonValue
        case .updateBookmark(_, let update): return update.jsonValue
        case .createBundle(let draft), .updateBundle(_, let draft): return draft.jsonValue
        default: return nil
        }
    }

    /// Whether the request carries the API token (every `/api/` request; not `/health`).
    public var needsToken: Bool {
        if case .health = self { return false }
        return true
    }

    /// The request for a server; throws when the configured address or a page link cannot be used.
    public func request(config: ServerConfig, timeout: TimeInterval) throws(BookmarkSourceError) -> HTTPClientRequest {
        guard let base = config.baseURL, var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw .unreachable(host: config.host, reason: "that is not a valid server address")
        }
        let prefix = components.percentEncodedPath
        let target = try pathAndQuery(prefix: prefix)
        components.percentEncodedPath = target.path
        components.percentEncodedQuery = target.query
        guard let url = components.url else {
            throw .unreachable(host: config.host, reason: "that is not a valid server address")
        }
        func milliseconds(_ seconds: TimeInterval) -> Duration { .milliseconds(max(1, Int64((seconds * 1000).rounded()))) }
        var request = HTTPClientRequest(method: method, url: url, timeout: milliseconds(timeout),
                                        connectTimeout: milliseconds(min(timeout, LinkdingClient.connectTimeout)))
        request.setHeader("Accept", "application/json")
        if needsToken { request.setHeader("Authorization", "Token \(config.token)") }
        if let body {
            request.setHeader("Content-Type", "application/json")
            request.body = body.data
        }
        return request
    }

    private func pathAndQuery(prefix: String) throws(BookmarkSourceError) -> (path: String, query: String?) {
        func query(_ items: [(String, String?)]) -> String? {
            items.isEmpty ? nil : LinkdingQuery.encode(items)
        }
        switch self {
        case .health:
            return (prefix + "/health", nil)
        case .listBookmarks(let list):
            return (prefix + list.path, query(list.parameters.map { ($0.0, Optional($0.1)) }))
        case .bookmark(let id), .updateBookmark(let id, _), .deleteBookmark(let id):
            return (prefix + "/api/bookmarks/\(id)/", nil)
        case .checkBookmark(let url):
            return (prefix + "/api/bookmarks/check/", query([("url", url)]))
        case .createBookmark(_, let scrape):
            return (prefix + "/api/bookmarks/", scrape ? nil : query([("disable_scraping", nil)]))
        case .archiveBookmark(let id):
            return (prefix + "/api/bookmarks/\(id)/archive/", nil)
        case .unarchiveBookmark(let id):
            return (prefix + "/api/bookmarks/\(id)/unarchive/", nil)
        case .listTags(let limit, let offset):
            var items: [(String, String?)] = [("limit", String(limit))]
            if offset > 0 { items.append(("offset", String(offset))) }
            return (prefix + "/api/tags/", query(items))
        case .deleteTag(let id):
            return (prefix + "/api/tags/\(id)/", nil)
        case .listBundles(let limit, let offset):
            var items: [(String, String?)] = [("limit", String(limit))]
            if offset > 0 { items.append(("offset", String(offset))) }
            return (prefix + "/api/bundles/", query(items))
        case .createBundle:
            return (prefix + "/api/bundles/", nil)
        case .updateBundle(let id, _), .deleteBundle(let id):
            return (prefix + "/api/bundles/\(id)/", nil)
        case .pageLink(let link):
            return try Self.resolve(link: link, prefix: prefix)
        }
    }

    /// A page link's path and query on the configured origin. A reverse proxy may put a wrong host in `next`
    /// (only path and query are taken) or strip the prefix (it is put back in front of `/api/`).
    private static func resolve(link: String, prefix: String) throws(BookmarkSourceError) -> (path: String, query: String?) {
        guard let components = URLComponents(string: link) else {
            throw .malformedResponse("the page link is not a URL: \(link.prefix(200))")
        }
        let path = components.percentEncodedPath
        let query = components.percentEncodedQuery
        if path.hasPrefix(prefix + "/api/") { return (path, query) }
        guard let api = path.range(of: "/api/") else {
            throw .malformedResponse("the page link does not point into /api/: \(link.prefix(200))")
        }
        return (prefix + path[api.lowerBound...], query)
    }
}
