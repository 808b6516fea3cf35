import Foundation
import HTTPServer
import MarksCore
import Synchronization

/// A linkding stand-in on a real port (HTTPServer on 127.0.0.1, port 0) with bookmarks in memory, for
/// end-to-end runs of `marks`: list (unread filter, limit), one bookmark, check (by normalised URL, with
/// metadata and auto tags), create (which, like linkding, overwrites an existing URL), PATCH and tags.
final class FakeLinkding: Sendable {
    struct State {
        var bookmarks: [Bookmark] = []
        var tags: [String] = []
        var nextID = 1
        var creates = 0
        var patches = 0
        var titles: [String: String] = [:]
        var autoTags: [String: [String]] = [:]
    }

    final class Store: Sendable {
        let state = Mutex(State())
    }

    static let token = "test-token"
    let store = Store()
    private let server: HTTPServer
    let port: Int

    init() throws {
        server = HTTPServer(configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)),
                            responder: Self.router(store))
        port = try server.start()
    }

    func stop() async { await server.stop() }

    /// The JSON config that points `marks` at this server.
    var configJSON: String {
        #"{"linkding":{"host":"127.0.0.1","port":\#(port),"path":"","token":"\#(Self.token)","https":false}}"#
    }

    func seed(url: String, title: String, notes: String = "", tags: [String] = [], unread: Bool = false) {
        store.state.withLock { s in
            let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(s.nextID))
            s.bookmarks.append(Bookmark(id: s.nextID, url: url, title: title, notes: notes, unread: unread, tagNames: tags,
                                        dateAdded: date, dateModified: date))
            s.nextID += 1
            for tag in tags where !s.tags.contains(tag) { s.tags.append(tag) }
        }
    }

    func setTitle(_ url: String, _ title: String) { store.state.withLock { $0.titles[URLNormalizer.normalize(url)] = title } }
    func setAutoTags(_ fragment: String, _ tags: [String]) { store.state.withLock { $0.autoTags[fragment] = tags } }
    func addTags(_ tags: [String]) { store.state.withLock { s in for tag in tags where !s.tags.contains(tag) { s.tags.append(tag) } } }

    var bookmarks: [Bookmark] { store.state.withLock { $0.bookmarks } }
    var creates: Int { store.state.withLock { $0.creates } }
    var patches: Int { store.state.withLock { $0.patches } }

    private static func router(_ store: Store) -> Router {
        var router = Router()
        router.get("/api/bookmarks/check/") { request in
            let url = request.query["url"] ?? ""
            let key = URLNormalizer.normalize(url)
            let (existing, title, auto) = store.state.withLock { s in
                (s.bookmarks.first { URLNormalizer.normalize($0.url) == key }, s.titles[key],
                 s.autoTags.filter { url.contains($0.key) }.sorted { $0.key < $1.key }.flatMap(\.value))
            }
            return json(BookmarkCheck(bookmark: existing, metadata: .init(url: url, title: title), autoTags: auto).jsonValue)
        }
        router.get("/api/bookmarks/") { request in
            let limit = Int(request.query["limit"] ?? "") ?? 100
            let unread = request.query["unread"]
            let page = store.state.withLock { s -> Page<Bookmark> in
                var list = s.bookmarks.filter { !$0.isArchived }
                if unread == "yes" { list = list.filter(\.unread) }
                list.sort { $0.dateAdded > $1.dateAdded }
                return Page(count: list.count, next: nil, previous: nil, results: Array(list.prefix(limit)))
            }
            return json(page.jsonValue { $0.jsonValue })
        }
        router.get("/api/bookmarks/:id/") { request in
            let id = Int(request.pathParameters["id"] ?? "") ?? 0
            guard let found = store.state.withLock({ s in s.bookmarks.first { $0.id == id } }) else { return notFound }
            return json(found.jsonValue)
        }
        router.post("/api/bookmarks/") { request in
            let body = object(request.body)
            let url = body["url"] as? String ?? ""
            let tags = body["tag_names"] as? [String] ?? []
            let saved = store.state.withLock { s -> Bookmark in
                s.creates += 1
                for tag in tags where !s.tags.contains(tag) { s.tags.append(tag) }
                let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(s.nextID))
                var bookmark = Bookmark(id: s.nextID, url: url, title: body["title"] as? String ?? "",
                                        description: body["description"] as? String ?? "", notes: body["notes"] as? String ?? "",
                                        unread: body["unread"] as? Bool ?? false, tagNames: tags, dateAdded: date, dateModified: date)
                if bookmark.title.isEmpty { bookmark.title = s.titles[URLNormalizer.normalize(url)] ?? "" }
                if let index = s.bookmarks.firstIndex(where: { URLNormalizer.normalize($0.url) == URLNormalizer.normalize(url) }) {
                    bookmark.id = s.bookmarks[index].id // linkding overwrites an existing URL on POST
                    s.bookmarks[index] = bookmark
                } else {
                    s.nextID += 1
                    s.bookmarks.append(bookmark)
                }
                return bookmark
            }
            return json(saved.jsonValue, status: 201)
        }
        router.patch("/api/bookmarks/:id/") { request in
            let id = Int(request.pathParameters["id"] ?? "") ?? 0
            let body = object(request.body)
            let saved = store.state.withLock { s -> Bookmark? in
                guard let index = s.bookmarks.firstIndex(where: { $0.id == id }) else { return nil }
                s.patches += 1
                var b = s.bookmarks[index]
                if let v = body["title"] as? String { b.title = v }
                if let v = body["notes"] as? String { b.notes = v }
                if let v = body["description"] as? String { b.description = v }
                if let v = body["unread"] as? Bool { b.unread = v }
                if let v = body["tag_names"] as? [String] {
                    b.tagNames = v
                    for tag in v where !s.tags.contains(tag) { s.tags.append(tag) }
                }
                s.bookmarks[index] = b
                return b
            }
            guard let saved else { return notFound }
            return json(saved.jsonValue)
        }
        router.get("/api/tags/") { request in
            let limit = Int(request.query["limit"] ?? "") ?? 100
            let offset = Int(request.query["offset"] ?? "") ?? 0
            let names = store.state.withLock { $0.tags }
            let tags = names.enumerated().map { Tag(id: $0.offset + 1, name: $0.element, dateAdded: Date(timeIntervalSince1970: 0)) }
            let slice = Array(tags.dropFirst(offset).prefix(limit))
            let page = Page(count: tags.count, next: offset + slice.count < tags.count ? "http://x/api/tags/?offset=\(offset + slice.count)" : nil,
                            previous: nil, results: slice)
            return json(page.jsonValue { $0.jsonValue })
        }
        return router
    }

    private static var notFound: HTTPResponse { json(.object([("detail", .string("Not found."))]), status: 404) }

    private static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse.json(data: value.data, status: status)
    }

    private static func object(_ data: Data) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] // safe: test double; a bad body reads as empty
    }
}
