import MarksAccess
import MarksAssembly
import MarksTestSupport
import Foundation
import HTTPServer
import MarksClients
import MarksCore
import MarksServer
import MarksStorage
import Synchronization
import Testing

/// One implementation of the seam, prepared for one contract case: its own store (or, on a real linkding, its
/// own namespace of URLs and tags), torn down afterwards.
final class ContractFixture: Sendable {
    let target: ContractTarget
    let source: any BookmarkSource
    /// Unique to this case: URLs live under `https://<namespace>.example.com/`, tags start with it.
    let namespace: String
    /// Whether the whole store belongs to this case (counts and tag lists can be compared exactly).
    let isolated: Bool
    /// Whether page metadata comes from `MetadataStub` (titles are predictable).
    let stubbedMetadata: Bool
    private let server: LiveServer?
    private let directory: TemporaryDirectory?
    private let created = Mutex<Set<Int>>([])

    private init(target: ContractTarget, source: any BookmarkSource, isolated: Bool, server: LiveServer? = nil,
                 directory: TemporaryDirectory? = nil) {
        self.target = target
        self.source = source
        self.isolated = isolated
        self.stubbedMetadata = target != .linkding
        self.server = server
        self.directory = directory
        namespace = "m" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(10)
    }

    /// A fresh fixture for `target`.
    static func make(_ target: ContractTarget) throws -> ContractFixture {
        switch target {
        case .embedded:
            let directory = try TemporaryDirectory(prefix: "marks-contract")
            let store = try BookmarkStore(path: directory.url.appendingPathComponent("marks.sqlite").path, now: { Date() })
            let source = EmbeddedBookmarkSource(store: store, baseURL: "http://embedded.test", metadata: MetadataStub().closure)
            return ContractFixture(target: target, source: source, isolated: true, directory: directory)
        case .served:
            let directory = try TemporaryDirectory(prefix: "marks-contract")
            // `/api/` as the composition root builds it for `marks serve`, page metadata from the stub.
            let root = CompositionRoot(settings: Settings(dataDirectory: directory.url), context: ProcessContext(environment: [:]),
                                       overrides: CompositionRoot.Overrides(metadata: MetadataStub().closure))
            let tokens = root.apiTokens()
            let api = try root.embeddedAPI(configuration: LinkdingAPI.Configuration(), favicons: nil)
            let app = MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, api: api))
            let server = try LiveServer(serving: app.router)
            let port = server.port
            let client = LinkdingClient(config: ServerConfig(host: "127.0.0.1", port: port, token: try tokens.token(), useHTTPS: false),
                                        timeout: 30)
            return ContractFixture(target: target, source: client, isolated: true, server: server, directory: directory)
        case .linkding:
            guard let server = ContractTarget.linkdingServer, let host = server.url.host else {
                throw FixtureFailure("LINKDING_TEST_URL and LINKDING_TEST_TOKEN are not set")
            }
            let config = ServerConfig(host: host, port: server.url.port, path: server.url.path, token: server.token,
                                      useHTTPS: server.url.scheme == "https")
            return ContractFixture(target: target, source: LinkdingClient(config: config, timeout: 30), isolated: false)
        }
    }

    /// A URL of this case.
    func url(_ path: String = "") -> String { "https://\(namespace).example.com/\(path)" }

    /// A tag name of this case.
    func tag(_ suffix: String = "") -> String { namespace + suffix }

    /// Creates a bookmark without scraping and remembers it for cleanup.
    func create(_ draft: BookmarkDraft) async throws -> Bookmark {
        let bookmark = try await source.create(draft, scrape: false)
        created.withLock { _ = $0.insert(bookmark.id) }
        return bookmark
    }

    /// Remembers a bookmark made another way, for cleanup.
    func remember(_ id: Int) { created.withLock { _ = $0.insert(id) } }

    /// Lists this case's bookmarks (`#namespace`), scoped so a shared real server's other data does not count.
    func list(_ query: BookmarkListQuery = BookmarkListQuery()) async throws -> Page<Bookmark> {
        var scoped = query
        scoped.search = ("#" + namespace + " " + query.search).trimmingCharacters(in: .whitespaces)
        return try await source.list(scoped)
    }

    /// Deletes what the case made on a real server, stops the local server, removes temp files.
    func tearDown() async {
        if target == .linkding { await removeWhatThisCaseMade() }
        await server?.stop()
        directory?.cleanUp()
    }

    /// Deletes the case's bookmarks, then its tags: linkding 1.46.2 keeps a tag after its last bookmark is gone, but
    /// its API deletes tags (`DELETE /api/tags/<id>/`), so every tag whose name holds the namespace goes too.
    func removeWhatThisCaseMade() async {
        for id in created.withLock({ $0 }) {
            do { try await source.delete(id: id) } catch {}  // best effort: the case may have deleted it already
        }
        guard let client = source as? LinkdingClient else { return }
        do {
            for tag in try await tagsOfThisCase() { try await client.deleteTag(id: tag.id) }
        } catch {
            Issue.record("the tags of \(namespace) could not be removed: \(error)")
        }
    }

    /// Every tag on the server whose name holds this case's namespace (any case: linkding keeps the spelling sent).
    func tagsOfThisCase() async throws -> [MarksCore.Tag] {
        var ours: [MarksCore.Tag] = []
        var offset = 0
        while true {
            let page = try await source.tags(limit: 1000, offset: offset)
            ours += page.results.filter { $0.name.lowercased().contains(namespace) }
            offset += page.results.count
            if page.next == nil || page.results.isEmpty { return ours }
        }
    }
}
