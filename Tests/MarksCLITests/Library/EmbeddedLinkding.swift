import Foundation
import HTTPServer
import MarksCore
import MarksStorage
import MarksTestSupport
import Synchronization

/// A linkding stand-in on a real port (127.0.0.1, port 0) whose `/api/` is answered by an embedded store in a temp
/// file — what `marks serve`'s `/api/` will be, until that lands on main. Token auth as linkding's; it can be told
/// to go down (every request then fails with a 503).
final class EmbeddedLinkding: Sendable {
    static let token = "0123456789abcdef0123456789abcdef01234567"
    let store: BookmarkStore
    let directory: URL
    private let server: LiveServer
    private let responder: Responder
    let port: Int

    init() throws {
        directory = TemporaryDirectory.reserve(prefix: "marks-cli-linkding")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try BookmarkStore(path: directory.appendingPathComponent("server.sqlite").path, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        responder = Responder(source: EmbeddedBookmarkSource(store: store, baseURL: "http://127.0.0.1") { BookmarkCheck.Metadata(url: $0) })
        server = try LiveServer(serving: responder, configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
        port = server.port
    }

    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: directory) // safe: test cleanup of a temp dir
    }

    /// Makes every request fail (a server that is down but still accepts connections).
    func goDown() { responder.down.withLock { $0 = true } }

    /// Answers again.
    func comeBack() { responder.down.withLock { $0 = false } }

    /// The JSON config that points `marks` at this server.
    var configJSON: String {
        #"{"linkding":{"host":"127.0.0.1","port":\#(port),"path":"","token":"\#(Self.token)","https":false}}"#
    }

    final class Responder: HTTPResponder, Sendable {
        let source: EmbeddedBookmarkSource
        let down = Mutex(false)

        init(source: EmbeddedBookmarkSource) {
            self.source = source
        }

        func respond(to request: HTTPRequest) async throws -> HTTPResponse {
            if down.withLock({ $0 }) { return Self.json(.object([("detail", .string("Service unavailable"))]), status: 503) }
            if request.path == "/health" { return Self.json(.object([("version", .string("1.46.2")), ("status", .string("healthy"))])) }
            guard request.headers["Authorization"] == "Token \(EmbeddedLinkding.token)" else {
                return Self.json(.object([("detail", .string("Invalid token."))]), status: 401)
            }
            do {
                return try await route(request)
            } catch BookmarkSourceError.notFound {
                return Self.json(.object([("detail", .string("No Bookmark matches the given query."))]), status: 404)
            } catch BookmarkSourceError.invalid(let fields) {
                return Self.json(.object(fields.keys.sorted().map { ($0, .array((fields[$0] ?? []).map(JSONValue.string))) }), status: 400)
            }
        }

        private func route(_ request: HTTPRequest) async throws -> HTTPResponse {
            let parts = request.path.split(separator: "/").map(String.init)
            let items = request.query.map { ($0.name, $0.value) }
            let id = parts.count >= 3 && parts[0] == "api" && parts[1] == "bookmarks" ? Int(parts[2]) : nil
            switch (request.method, parts.count) {
            case (.get, _) where parts == ["api", "bookmarks"] || parts == ["api", "bookmarks", "archived"]:
                let archived = parts.count == 3
                let page = try source.page(BookmarkListQuery(parameters: items, archived: archived), scope: archived ? .archived : .unarchived)
                return Self.json(page.jsonValue { $0.jsonValue })
            case (.get, 3) where id != nil:
                return Self.json(try await source.bookmark(id: id ?? 0).jsonValue)
            case (.post, 2) where parts == ["api", "bookmarks"]:
                let u = Self.update(request.body)
                let draft = BookmarkDraft(url: u.url ?? "", title: u.title ?? "", description: u.description ?? "", notes: u.notes ?? "",
                                          isArchived: u.isArchived ?? false, unread: u.unread ?? false, shared: u.shared ?? false,
                                          tagNames: u.tagNames ?? [], dateAdded: u.dateAdded, dateModified: Self.dateModified(request.body))
                return Self.json(try await source.create(draft, scrape: false).jsonValue, status: 201)
            case (.patch, 3) where id != nil:
                return Self.json(try await source.update(id: id ?? 0, Self.update(request.body)).jsonValue)
            case (.get, 2) where parts == ["api", "tags"]:
                let limit = Int(request.query["limit"] ?? "") ?? 100
                let offset = Int(request.query["offset"] ?? "") ?? 0
                return Self.json(try await source.tags(limit: limit, offset: offset).jsonValue { $0.jsonValue })
            default:
                return Self.json(.object([("detail", .string("Not found."))]), status: 404)
            }
        }

        private static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
            HTTPResponse.json(data: value.data, status: status)
        }

        /// `date_modified` of a create body (linkding keeps it on a create).
        private static func dateModified(_ body: Data) -> Date? {
            let fields = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] // safe: test double; a bad body reads as empty
            return (fields["date_modified"] as? String).flatMap(LinkdingDate.parse)
        }

        private static func update(_ body: Data) -> BookmarkUpdate {
            let fields = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] // safe: test double; a bad body reads as empty
            return BookmarkUpdate(
                url: fields["url"] as? String, title: fields["title"] as? String, description: fields["description"] as? String,
                notes: fields["notes"] as? String, isArchived: fields["is_archived"] as? Bool, unread: fields["unread"] as? Bool,
                shared: fields["shared"] as? Bool, tagNames: fields["tag_names"] as? [String],
                dateAdded: (fields["date_added"] as? String).flatMap(LinkdingDate.parse))
        }
    }
}
