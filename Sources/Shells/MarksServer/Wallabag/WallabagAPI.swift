import Foundation
import HTTPServer
import MarksAccess
import MarksAppAPI
import MarksBookmarks
import MarksCore

/// The wallabag API as KOReader's wallabag plugin uses it, under `/wallabag` (so linkding's `/api/` stays linkding's;
/// the device's server address is `http://host:port/wallabag`): `POST /oauth/v2/token` (the password grant, with a
/// client made in Settings → Devices), `GET /api/entries.json` (the bookmarks not archived, or archived with
/// `archive=1`, by `page` and `perPage`, `tags` all required), `POST /api/entries.json` (save a URL with `tags`),
/// `GET|PATCH|DELETE /api/entries/{id}.json` (`archive` 1 archives, and marks read when the reading preference says so;
/// 0 unarchives; DELETE moves the bookmark to the trash), `POST /api/entries/{id}/tags.json` and
/// `GET /api/entries/{id}/export.epub`. Every success is a 200 with a JSON object (the entry, for a change), as the
/// plugin requires; every refusal a JSON object `{"error", "error_description"}` with wallabag's status. Every change
/// goes through the current `LibraryService`.
public struct WallabagAPI: HTTPResponder {
    /// Choices read at each request.
    public struct Preferences: Sendable {
        /// Whether archiving from the device also marks read (the web's "archiving marks read").
        public var archiveMarksRead: @Sendable () -> Bool
        /// Whether a URL saved from the device is unread.
        public var newSavesUnread: @Sendable () -> Bool

        /// Preferences from closures (both true by default).
        public init(archiveMarksRead: @escaping @Sendable () -> Bool = { true }, newSavesUnread: @escaping @Sendable () -> Bool = { true }) {
            self.archiveMarksRead = archiveMarksRead
            self.newSavesUnread = newSavesUnread
        }
    }

    /// The path prefix the endpoints are served under.
    public static let prefix = "/wallabag"
    /// The largest request body read (KOReader's are a few hundred bytes).
    public static let bodyLimit = 64 * 1024
    /// `perPage` when none is given (wallabag's default) and the most allowed.
    public static let defaultPerPage = 30
    public static let maxPerPage = 100

    private let clients: EReaderClients
    private let library: @Sendable () -> LibraryService
    private let epub: @Sendable (Bookmark) async throws -> Data
    private let wordCounts: @Sendable ([String]) -> [String: Int]
    private let preferences: Preferences
    private let signIns: SlidingWindowLimiter?
    private let logError: @Sendable (String) -> Void

    /// Sign-ins allowed per client address (KOReader signs in about once an hour): right or wrong, more within the
    /// window get 429 with `Retry-After`, so secrets cannot be tried quickly.
    public static let signInLimit = RateLimit(count: 30, windowSeconds: 300)

    /// The endpoints over `clients` and the current library; `epub` makes a bookmark's book; `signIns` limits token
    /// requests per client address (nil: unlimited).
    public init(clients: EReaderClients, library: @escaping @Sendable () -> LibraryService,
                epub: @escaping @Sendable (Bookmark) async throws -> Data,
                wordCounts: @escaping @Sendable ([String]) -> [String: Int] = { _ in [:] }, preferences: Preferences = Preferences(),
                signIns: SlidingWindowLimiter? = nil, logError: @escaping @Sendable (String) -> Void = { _ in }) {
        self.clients = clients
        self.library = library
        self.epub = epub
        self.wordCounts = wordCounts
        self.preferences = preferences
        self.signIns = signIns
        self.logError = logError
    }

    /// Mounts the endpoints at `/wallabag` of `router`, each body limited to `bodyLimit`.
    public func register(on router: inout Router) {
        for method in [HTTPMethod.get, .post, .put, .patch, .delete] {
            router.add(method, Self.prefix + "/*rest", responder: self)
            router.limitBody(method, Self.prefix + "/*rest", to: Self.bodyLimit)
        }
        router.errorRenderer(forPrefix: Self.prefix + "/", ErrorRenderer { error, _ in
            let failure = HTTPFailure(error)
            return Self.errorResponse(failure, code: Self.code(for: failure.status))
        })
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await answer(request)
        } catch {
            let failure = HTTPFailure(error)
            if failure.isUnexpected {
                logError("unexpected error on \(request.method) \(request.path): \(String(describing: error).prefix(500))")
            }
            let code = (error as? EReaderAuthError)?.oauthCode ?? Self.code(for: failure.status)
            return Self.errorResponse(failure, code: code)
        }
    }

    /// A bookmark as an entry, its reading time from the archived text's words.
    private func entry(_ bookmark: Bookmark) -> JSONValue {
        WallabagEntry.json(bookmark, words: wordCounts([bookmark.url])[bookmark.url])
    }

    /// Bookmarks as entries, their words read at once.
    private func entries(_ bookmarks: [Bookmark]) -> [JSONValue] {
        let words = wordCounts(bookmarks.map(\.url))
        return bookmarks.map { WallabagEntry.json($0, words: words[$0.url]) }
    }

    // MARK: Routing

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = String(request.path.dropFirst(Self.prefix.count))
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if path == "/oauth/v2/token" {
            guard request.method == .post else { throw Self.notAllowed("POST") }
            return try token(request)
        }
        guard parts.count >= 3, parts[1] == "api" else { throw HTTPError(404, "No such wallabag endpoint.") }
        try authenticate(request)
        switch Array(parts.dropFirst(2)) {
        case ["entries.json"]:
            switch request.method {
            case .get: return try await list(request)
            case .post: return try await save(request)
            default: throw Self.notAllowed("GET, POST")
            }
        case let rest where rest.count == 2 && rest[0] == "entries" && rest[1].hasSuffix(".json"):
            let id = try Self.id(String(rest[1].dropLast(5)))
            switch request.method {
            case .get: return Self.json(entry(try await library().bookmark(id: id)))
            case .patch, .put: return try await change(id, request)
            case .delete: return try await delete(id)
            default: throw Self.notAllowed("GET, PATCH, DELETE")
            }
        case let rest where rest.count == 3 && rest[0] == "entries" && rest[2] == "tags.json":
            guard request.method == .post else { throw Self.notAllowed("POST") }
            return try await addTags(try Self.id(rest[1]), request)
        case let rest where rest.count == 3 && rest[0] == "entries" && rest[2] == "export.epub":
            guard request.method == .get else { throw Self.notAllowed("GET") }
            return try await export(try Self.id(rest[1]))
        default:
            throw HTTPError(404, "No such wallabag endpoint.")
        }
    }

    // MARK: Signing in

    private func token(_ request: HTTPRequest) throws -> HTTPResponse {
        if let signIns, case .limited(let retryAfter) = try signIns.acquire(request.remoteAddress) {
            throw HTTPError(429, "Too many sign-ins from this address; try again in \(retryAfter) s.", headers: ["Retry-After": String(retryAfter)])
        }
        let body = try WallabagBody(request)
        let grantType = body["grant_type"] ?? ""
        guard grantType == "password" else { throw EReaderAuthError.unsupportedGrant(grantType) }
        func field(_ name: String) throws(EReaderAuthError) -> String {
            guard let value = body[name], !value.isEmpty else { throw .missingField(name) }
            return value
        }
        let grant = try clients.grant(clientID: try field("client_id"), clientSecret: try field("client_secret"),
                                      username: try field("username"), password: try field("password"))
        var response = Self.json(.object([
            ("access_token", .string(grant.accessToken)),
            ("expires_in", .int(grant.expiresIn)),
            ("token_type", .string("bearer")),
            ("scope", .null),
            ("refresh_token", .string(grant.refreshToken)),
        ]))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    @discardableResult
    private func authenticate(_ request: HTTPRequest) throws -> EReaderClient {
        let header = request.headers["Authorization"] ?? ""
        let token = header.lowercased().hasPrefix("bearer ") ? String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces) : ""
        return try clients.authenticate(accessToken: token)
    }

    // MARK: Entries

    private func list(_ request: HTTPRequest) async throws -> HTTPResponse {
        let query = request.query
        let page = try Self.number(query["page"], name: "page", default: 1, range: 1...100_000)
        let perPage = try Self.number(query["perPage"], name: "perPage", default: Self.defaultPerPage, range: 1...Self.maxPerPage)
        let archived = try Self.flag(query["archive"], name: "archive") ?? false
        let starred = try Self.flag(query["starred"], name: "starred") ?? false
        let tags = TagNames.parse(query["tags"] ?? "")
        var filter = LibraryFilter(archived: archived, limit: perPage)
        filter.search = tags.map { "#" + $0 }.joined(separator: " ")
        filter.offset = (page - 1) * perPage
        switch (query["sort"] ?? "created", (query["order"] ?? "desc").lowercased()) {
        case ("created", "asc"): filter.sort = .addedAsc
        case ("updated", "asc"): filter.sort = .modifiedAsc
        case ("updated", _): filter.sort = .modifiedDesc
        default: filter.sort = .addedDesc
        }
        // Marks has no stars: a list of starred entries is empty.
        let found = starred ? LibraryPage(bookmarks: [], count: 0, next: nil) : try await library().load(filter)
        let pages = max(1, (found.count + perPage - 1) / perPage)
        guard page <= pages else { throw HTTPError(404, "Page \(page) is past the last page (\(pages)).") }
        var link = "?page=\(page)&perPage=\(perPage)"
        if archived { link += "&archive=1" }
        return Self.json(.object([
            ("page", .int(page)),
            ("limit", .int(perPage)),
            ("pages", .int(pages)),
            ("total", .int(found.count)),
            ("_links", .object([("self", .object([("href", .string(Self.prefix + "/api/entries.json" + link))]))])),
            ("_embedded", .object([("items", .array(entries(found.bookmarks)))])),
        ]))
    }

    private func save(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try WallabagBody(request)
        guard let url = body["url"]?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty else {
            throw HTTPError(400, "The url parameter is missing.")
        }
        let archive = try body.flag("archive") ?? false
        let library = library()
        let result = try await library.add(AddBookmarkRequest(url: url, title: body["title"] ?? "", tags: [body["tags"] ?? ""],
                                                              unread: preferences.newSavesUnread()))
        if archive, !result.bookmark.isArchived {
            try await library.archive(id: result.bookmark.id, markingRead: preferences.archiveMarksRead())
            return Self.json(entry(try await library.bookmark(id: result.bookmark.id)))
        }
        return Self.json(entry(result.bookmark))
    }

    private func change(_ id: Int, _ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try WallabagBody(request)
        let archive = try body.flag("archive")
        _ = try body.flag("starred")  // checked; Marks has no stars
        let library = library()
        var bookmark = try await library.bookmark(id: id)
        var update = BookmarkUpdate()
        if let title = body["title"], !title.isEmpty, title != bookmark.title { update.title = title }
        // wallabag assigns the tags given (adds them); none is taken away.
        let added = Self.newTags(body["tags"] ?? "", for: bookmark)
        if !added.isEmpty { update.tagNames = bookmark.tagNames + added }
        if !update.isEmpty { bookmark = try await library.update(id: id, update) }
        switch archive {
        case true? where !bookmark.isArchived:
            try await library.archive(id: id, markingRead: preferences.archiveMarksRead())
            bookmark = try await library.bookmark(id: id)
        case false? where bookmark.isArchived:
            try await library.unarchive(id: id)
            bookmark = try await library.bookmark(id: id)
        default:
            break
        }
        return Self.json(entry(bookmark))
    }

    private func delete(_ id: Int) async throws -> HTTPResponse {
        let library = library()
        let bookmark = try await library.bookmark(id: id)
        try await library.delete(id: id)
        return Self.json(entry(bookmark))
    }

    private func addTags(_ id: Int, _ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try WallabagBody(request)
        let library = library()
        let bookmark = try await library.bookmark(id: id)
        let fresh = Self.newTags(body["tags"] ?? "", for: bookmark)
        guard !fresh.isEmpty else { return Self.json(entry(bookmark)) }
        return Self.json(entry(try await library.update(id: id, BookmarkUpdate(tagNames: bookmark.tagNames + fresh))))
    }

    private func export(_ id: Int) async throws -> HTTPResponse {
        let bookmark = try await library().bookmark(id: id)
        let data = try await epub(bookmark)
        let name = "marks-\(bookmark.id).epub"
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/epub+zip",
                                                   "Content-Disposition": "attachment; filename=\"\(name)\"",
                                                   "Cache-Control": "private, no-cache"],
                            body: .bytes(data))
    }

    /// The tags of a comma list that `bookmark` lacks (case-insensitive), each once.
    static func newTags(_ list: String, for bookmark: Bookmark) -> [String] {
        let known = Set(bookmark.tagNames.map { $0.lowercased() })
        var seen = Set<String>()
        return TagNames.parse(list).filter { !known.contains($0.lowercased()) && seen.insert($0.lowercased()).inserted }
    }

    // MARK: Answers

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        var response = HTTPResponse.json(data: value.data, status: status)
        response.headers["Content-Type"] = "application/json"
        return response
    }

    static func errorResponse(_ failure: HTTPFailure, code: String) -> HTTPResponse {
        var response = json(.object([("error", .string(code)), ("error_description", .string(failure.message))]), status: failure.status)
        for (name, value) in failure.headers { response.headers[name] = value }
        return response
    }

    static func code(for status: Int) -> String {
        switch status {
        case 401: "invalid_grant"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 413: "request_too_large"
        case 429: "too_many_requests"
        case 400...499: "invalid_request"
        default: "server_error"
        }
    }

    static func notAllowed(_ allow: String) -> HTTPError {
        HTTPError(405, "Use \(allow).", headers: ["Allow": allow])
    }

    static func id(_ text: String) throws(HTTPError) -> Int {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCII), let id = Int(text), id > 0 else {
            throw HTTPError(404, "No entry \(text.prefix(20)).")
        }
        return id
    }

    static func number(_ text: String?, name: String, default value: Int, range: ClosedRange<Int>) throws(HTTPError) -> Int {
        guard let text, !text.isEmpty else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw HTTPError(400, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }

    static func flag(_ text: String?, name: String) throws(HTTPError) -> Bool? {
        switch text?.lowercased() {
        case nil, "": nil
        case "1", "true": true
        case "0", "false": false
        default: throw HTTPError(400, "\(name) must be 0 or 1.")
        }
    }
}
