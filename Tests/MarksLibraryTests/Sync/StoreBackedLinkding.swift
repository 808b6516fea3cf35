import Foundation
import HTTPClient
import MarksClients
import MarksCore
import MarksStorage
import Synchronization

/// linkding's `/api/` answered by the embedded store, behind `LinkdingClient`'s transport seam (in memory, no
/// sockets): the real client's requests and decoding against the store's semantics. It logs requests and can go
/// down — at once, or after a number of requests — to test a server failing mid-sync.
final class StoreBackedLinkding: Sendable {
    let source: EmbeddedBookmarkSource
    private let state = Mutex((log: [String](), failAfter: Int?.none))

    init(store: BookmarkStore) {
        source = EmbeddedBookmarkSource(store: store, baseURL: "http://127.0.0.1:8080") { url in BookmarkCheck.Metadata(url: url) }
    }

    /// A client talking to this server.
    var client: LinkdingClient {
        LinkdingClient(config: ServerConfig(host: "linkding.test", path: "/ld", token: "token", useHTTPS: false),
                       transport: HTTPTransport { [self] request in try await self.answer(request) })
    }

    /// Requests answered so far, as `METHOD path?query`.
    var log: [String] { state.withLock { $0.log } }

    func clearLog() { state.withLock { $0.log = [] } }

    /// How many single-bookmark fetches (`GET …/api/bookmarks/<id>/`) the log holds.
    var singleFetches: Int {
        log.filter { $0.range(of: #"^GET /ld/api/bookmarks/[0-9]+/$"#, options: .regularExpression) != nil }.count
    }

    /// Answers `count` more requests, then refuses connections (nil: never fails).
    func failAfter(_ count: Int?) { state.withLock { $0.failAfter = count } }

    private func answer(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        let url = request.url
        let down: Bool = state.withLock { s in
            if let left = s.failAfter {
                if left <= 0 { return true }
                s.failAfter = left - 1
            }
            s.log.append(request.requestLine)
            return false
        }
        if down { throw HTTPClientError.connectionRefused(host: "linkding.test") }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.path ?? "/"
        if path.hasPrefix("/ld") { path.removeFirst(3) }
        let items = (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        let status: Int
        let body: JSONValue?
        do {
            (status, body) = try await route(request.method, path, items, request.body ?? Data())
        } catch let error as BookmarkSourceError {
            switch error {
            case .notFound: (status, body) = (404, .object([("detail", .string("No Bookmark matches the given query."))]))
            case .invalid(let fields):
                (status, body) = (400, .object(fields.keys.sorted().map { ($0, .array((fields[$0] ?? []).map(JSONValue.string))) }))
            default: (status, body) = (500, .object([("detail", .string(error.message))]))
            }
        }
        return HTTPClientResponse(status: status, headers: [HTTPHeaderField(name: "Content-Type", value: "application/json")],
                                  body: body?.data ?? Data())
    }

    private func route(_ method: String, _ path: String, _ items: [(String, String)], _ body: Data) async throws -> (Int, JSONValue?) {
        let parts = path.split(separator: "/").map(String.init)
        let id = parts.count >= 3 && parts[0] == "api" && parts[1] == "bookmarks" ? Int(parts[2]) : nil
        switch (method, parts.count) {
        case ("GET", 1) where parts == ["health"]:
            return (200, .object([("version", .string("1.46.2")), ("status", .string("healthy"))]))
        case ("GET", _) where parts == ["api", "bookmarks"] || parts == ["api", "bookmarks", "archived"]:
            let archived = parts.count == 3
            let page = try source.page(BookmarkListQuery(parameters: items, archived: archived), scope: archived ? .archived : .unarchived)
            return (200, page.jsonValue { $0.jsonValue })
        case ("GET", 3) where parts == ["api", "bookmarks", "check"]:
            return (200, try await source.check(url: items.first { $0.0 == "url" }?.1 ?? "").jsonValue)
        case ("GET", 3) where id != nil:
            return (200, try await source.bookmark(id: id ?? 0).jsonValue)
        case ("POST", 2) where parts == ["api", "bookmarks"]:
            let fields = Self.object(body)
            let update = Self.update(fields)
            let draft = BookmarkDraft(url: update.url ?? "", title: update.title ?? "", description: update.description ?? "",
                                      notes: update.notes ?? "", isArchived: update.isArchived ?? false, unread: update.unread ?? false,
                                      shared: update.shared ?? false, tagNames: update.tagNames ?? [], dateAdded: update.dateAdded,
                                      dateModified: (fields["date_modified"] as? String).flatMap(LinkdingDate.parse))
            return (201, try await source.create(draft, scrape: !items.contains { $0.0 == "disable_scraping" }).jsonValue)
        case ("PATCH", 3) where id != nil:
            return (200, try await source.update(id: id ?? 0, Self.update(Self.object(body))).jsonValue)
        case ("DELETE", 3) where id != nil:
            try await source.delete(id: id ?? 0)
            return (204, nil)
        case ("POST", 4) where id != nil && parts[3] == "archive":
            try await source.archive(id: id ?? 0)
            return (204, nil)
        case ("POST", 4) where id != nil && parts[3] == "unarchive":
            try await source.unarchive(id: id ?? 0)
            return (204, nil)
        case ("GET", 2) where parts == ["api", "tags"]:
            let limit = items.first { $0.0 == "limit" }.flatMap { Int($0.1) } ?? 100
            let offset = items.first { $0.0 == "offset" }.flatMap { Int($0.1) } ?? 0
            return (200, try await source.tags(limit: limit, offset: offset).jsonValue { $0.jsonValue })
        default:
            return (404, .object([("detail", .string("Not found."))]))
        }
    }

    private static func object(_ data: Data) -> [String: Any] {
        do {
            return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        } catch {
            return [:]
        }
    }

    private static func update(_ fields: [String: Any]) -> BookmarkUpdate {
        BookmarkUpdate(
            url: fields["url"] as? String, title: fields["title"] as? String, description: fields["description"] as? String,
            notes: fields["notes"] as? String, isArchived: fields["is_archived"] as? Bool, unread: fields["unread"] as? Bool,
            shared: fields["shared"] as? Bool, tagNames: fields["tag_names"] as? [String],
            dateAdded: (fields["date_added"] as? String).flatMap(LinkdingDate.parse))
    }
}
