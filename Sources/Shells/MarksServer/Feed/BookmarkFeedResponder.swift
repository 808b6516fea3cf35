import Foundation
import HTTPServer
import MarksAccess
import MarksBookmarks
import MarksCore

/// linkding's bookmark feeds, at linkding's addresses, from whichever bookmark source is in use: `/feeds/<key>/all`
/// (bookmarks not archived), `/feeds/<key>/unread`, `/feeds/<key>/shared`, and `/feeds/shared`, the public feed —
/// empty, as on a linkding where no one turned public sharing on (Marks has no public pages). Each takes linkding's
/// parameters: `q` (the search syntax of the list: words, `#tag`, `!unread`…), `unread` and `shared` (`yes`/`no`),
/// `limit` (100 by default; at most `maxLimit`, and 0 means the most). Feed readers send no cookies, so the key in the
/// path is the credential: a wrong or rotated key and an unknown path get the same 404 after the same work.
public struct BookmarkFeedResponder: HTTPResponder {
    /// Loads the bookmarks of a filter from the source in use.
    public typealias Load = @Sendable (LibraryFilter) async throws -> [Bookmark]

    /// The most items a feed carries (linkding has no upper bound; Marks keeps a response bounded).
    public static let maxLimit = 1_000

    private let secrets: FeedSecrets
    private let load: Load
    private let publicURL: String?
    private let fallbackBase: String

    /// Feeds over `load`, opened by the `.bookmarks` secret of `secrets`.
    public init(secrets: FeedSecrets, publicURL: String? = nil, fallbackBase: String = "http://127.0.0.1:8080", load: @escaping Load) {
        self.secrets = secrets
        self.load = load
        self.publicURL = publicURL
        self.fallbackBase = fallbackBase
    }

    /// Mounts the feeds at `/feeds` of `router`.
    public func register(on router: inout Router) {
        router.mount("/feeds", self)
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        var response = await answer(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        return response
    }

    private func answer(_ request: HTTPRequest) async -> HTTPResponse {
        let segments = Array(request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init))
        let kind: BookmarkFeed.Kind
        switch segments.count {
        case 2 where segments[1] == "shared":
            kind = .publicShared
        case 3:
            guard secrets.matches(segments[1]), let named = BookmarkFeed.Kind(rawValue: segments[2]), named != .publicShared else {
                return PodcastFeedResponder.notFound
            }
            kind = named
        default:
            _ = secrets.matches("")  // the same work as a wrong key
            return PodcastFeedResponder.notFound
        }
        guard request.method == .get || request.method == .head else {
            return HTTPResponse(status: 405, headers: ["Allow": "GET, HEAD", "Content-Type": "text/plain; charset=utf-8"],
                                body: .bytes(Data("Only GET and HEAD.\n".utf8)))
        }
        let filter: LibraryFilter
        do {
            filter = try Self.filter(kind, request.query)
        } catch {
            return HTTPResponse(status: 400, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Data((error.message + "\n").utf8)))
        }
        // The unread feed asked for read ones (or the shared feed for unshared ones) lists nothing, as in linkding.
        let empty = kind == .publicShared || (kind == .unread && filter.readOnly) || (kind == .shared && filter.unsharedOnly)
        let bookmarks: [Bookmark]
        do {
            bookmarks = empty ? [] : try await load(filter)
        } catch {
            return HTTPResponse(status: 503, headers: ["Content-Type": "text/plain; charset=utf-8", "Retry-After": "60"],
                                body: .bytes(Data("The bookmarks could not be read; try again in a minute.\n".utf8)))
        }
        let base = FeedAddress.base(publicURL: publicURL, request: request, fallback: fallbackBase)
        let xml = BookmarkFeed(kind: kind, selfURL: base + request.path, bookmarks: bookmarks).xml()
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "private, no-cache"],
                            body: .bytes(Data(xml.utf8)))
    }

    /// The list a feed shows for its query parameters, as linkding reads them.
    static func filter(_ kind: BookmarkFeed.Kind, _ query: QueryParameters) throws(HTTPError) -> LibraryFilter {
        var limit = BookmarkListQuery.defaultLimit
        if let text = query["limit"], !text.isEmpty {
            guard let number = Int(text), number >= 0 else { throw HTTPError(400, "limit must be a whole number (0 for the most).") }
            limit = number == 0 ? maxLimit : min(number, maxLimit)
        }
        var filter = LibraryFilter(search: String((query["q"] ?? "").prefix(2_000)), limit: limit)
        switch query["unread"] ?? "" {
        case "yes": filter.unreadOnly = true
        case "no": filter.readOnly = true
        default: break
        }
        switch query["shared"] ?? "" {
        case "yes": filter.sharedOnly = true
        case "no": filter.unsharedOnly = true
        default: break
        }
        switch kind {
        case .unread: filter.unreadOnly = true
        case .shared: filter.sharedOnly = true
        case .all, .publicShared: break
        }
        return filter
    }
}
