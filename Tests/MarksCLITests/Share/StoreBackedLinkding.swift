import Foundation
import HTTPServer
import MarksAccess
import MarksCore
import MarksServer
import MarksStorage
import MarksTestSupport
import Synchronization

/// linkding's API as `marks serve` answers it — the real `/api/` over a real embedded store in a temp dir —
/// on 127.0.0.1, port 0, for end-to-end runs of `marks` against a "remote" linkding. Tests set page titles
/// for `check`/scraping, seed bookmarks straight into the store and read what was saved; creates and PATCHes
/// are counted.
final class StoreBackedLinkding: Sendable {
    private let directory: TemporaryDirectory
    let store: BookmarkStore
    let token: String
    private let state = State()
    private let server: LiveServer

    init() throws {
        directory = try TemporaryDirectory(prefix: "marks-linkding")
        store = try BookmarkStore(path: directory.file("marks.sqlite").path,
                                  now: ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000), step: 1).now)
        let tokens = APITokenStore(directory: directory.url)
        token = try tokens.token()
        let state = self.state
        let api = LinkdingAPI(store: store, tokens: tokens) { url in
            BookmarkCheck.Metadata(url: url, title: state.titles.withLock { $0[URLNormalizer.normalize(url)] })
        }
        var router = Router()
        api.register(on: &router)
        router.errorRenderer(forPrefix: "/api/", .json(messageKey: "detail"))
        let routed = router
        server = try LiveServer(configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1))) { request, _ in
            if request.path == "/api/bookmarks/" && request.method == .post { state.counts.withLock { $0.creates += 1 } }
            if request.path.hasPrefix("/api/bookmarks/") && request.method == .patch { state.counts.withLock { $0.patches += 1 } }
            return try await routed.respond(to: request)
        }
    }

    var port: Int { server.port }

    func stop() async {
        await server.stop()
        directory.cleanUp()
    }

    /// The JSON config that points `marks` at this server.
    var configJSON: String {
        #"{"linkding":{"host":"127.0.0.1","port":\#(port),"path":"","token":"\#(token)","https":false}}"#
    }

    func seed(url: String, title: String, notes: String = "", tags: [String] = [], unread: Bool = false) throws {
        _ = try store.create(BookmarkDraft(url: url, title: title, notes: notes, unread: unread, tagNames: tags))
    }

    /// The title `check` and scraping find for a page.
    func setTitle(_ url: String, _ title: String) { state.titles.withLock { $0[URLNormalizer.normalize(url)] = title } }

    func addTags(_ tags: [String]) throws {
        for tag in tags { _ = try store.createTag(name: tag) }
    }

    /// Every bookmark, newest first.
    var bookmarks: [Bookmark] {
        get throws { try store.list(BookmarkListQuery(limit: 1000), scope: .unarchived).results }
    }

    var creates: Int { state.counts.withLock { $0.creates } }
    var patches: Int { state.counts.withLock { $0.patches } }

    private final class State: Sendable {
        let titles = Mutex<[String: String]>([:])
        let counts = Mutex((creates: 0, patches: 0))
    }
}
