import Foundation
import HTTPClient
import HTTPServer
import MarksAccess
import MarksAssembly
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksServer
import MarksTestSupport
import Testing
@testable import MarksCLI

/// Issue 11 item 7: a source saved in Settings applies to all of `marks serve` at once, without a restart — the
/// web app's pages, `/api/`, the enrichment and trash jobs, the search index and the widget files — and a
/// restart keeps it. The real composition root, a real server on port 0, real SQLite, a linkding stand-in
/// speaking linkding's API and a model stand-in speaking Anthropic's.
@Suite struct SourceSwitchTests {
    /// A `marks serve` in this process: the composition root's parts behind a real server on port 0, the job
    /// kinds registered but the runner not started (the test runs each job when it wants).
    struct Serving {
        let root: CompositionRoot
        let parts: ServeParts
        let server: HTTPServer
        let client: ServeClient

        static func start(_ harness: CLIHarness) async throws -> Serving {
            let context = harness.context()
            let root = CompositionRoot(settings: try Settings.load(try harness.parse(["serve"]), context: context), context: context,
                                       runsBackgroundWork: true, warn: { _ in })
            let parts = try root.serveParts(exposed: false, origin: "http://127.0.0.1", logError: { _ in })
            await parts.registerJobs()
            let live = try LiveServer(serving: parts.app.router,
                                      configuration: HTTPServer.Configuration(port: 0, threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
            let client = ServeClient(port: live.port)
            try await client.signIn(try parts.auth.signInLink(baseURL: client.base))
            return Serving(root: root, parts: parts, server: live.server, client: client)
        }

        /// The queued job of `kind` with `key`.
        func job(_ kind: String, key: String) throws -> Job {
            let all = try parts.jobs.store.jobs().map { "\($0.kind) \($0.key)" }
            return try #require(try parts.jobs.store.jobs(kind: kind, key: key).first, "no \(kind) job \(key); jobs: \(all)")
        }

        /// Runs the queued job of `kind` with `key` now and expects it done.
        func run(_ kind: String, key: String) async throws {
            let ended = try await parts.jobs.run(id: try job(kind, key: key).id)
            #expect(ended?.state == .done, "\(kind) \(key): \(ended?.lastError ?? "not run")")
        }

        /// `GET /api/bookmarks/` with the embedded store's token.
        func apiBookmarks() async throws -> HTTPClientResponse {
            let token = try APITokenStore(directory: root.paths.dataDirectory).token()
            return try await client.get("/api/bookmarks/", headers: [HTTPHeaderField(name: "Authorization", value: "Token \(token)")])
        }

        func stop() async {
            await server.stop()
        }
    }

    @Test func aSourceSavedInSettingsAppliesToEveryPartAtOnceAndARestartKeepsIt() async throws {
        let linkding = try StoreBackedLinkding()
        let model = try SummaryStandIn()
        let harness = try CLIHarness(config: #"{"write_summary_to_notes":true,\#(model.configJSON)}"#)
        let serving = try await Serving.start(harness)
        let client = serving.client
        defer { harness.cleanUp() }
        do {
            try await flow(serving, client: client, linkding: linkding, harness: harness)
        } catch {
            await serving.stop()
            await linkding.stop()
            await model.stop()
            throw error
        }
        await serving.stop()
        await linkding.stop()
        await model.stop()
    }

    private func flow(_ serving: Serving, client: ServeClient, linkding: StoreBackedLinkding, harness: CLIHarness) async throws {
        let embedded = try serving.root.data().store
        // Before: the embedded store, through /api/ and through the web app (which queues the enrichment).
        let token = try APITokenStore(directory: serving.root.paths.dataDirectory).token()
        let created = try await client.send("POST", "/api/bookmarks/", headers: [
            HTTPHeaderField(name: "Authorization", value: "Token \(token)"), HTTPHeaderField(name: "Content-Type", value: "application/json"),
        ], body: Data(#"{"url":"https://embedded.example/one","title":"Kept in the embedded store"}"#.utf8))
        #expect(created.status == 201)
        #expect(try await client.post("/add", [("url", "https://embedded.example/two"), ("title", "Saved before the switch")]).status == 303)
        let oldEnrich = try serving.job(EnrichmentService.JobKinds.enrich, key: "embedded#2")
        try linkding.seed(url: "https://standin.example/one", title: "On the stand-in server one")
        try linkding.seed(url: "https://standin.example/two", title: "On the stand-in server two")

        // Verify, then Save with the token field left empty; the host field holds a pasted address with /api/.
        let pasted = "http://127.0.0.1:\(linkding.port)/api/"
        let verified = ServeClient.text(try await client.post("/settings/verify", [("source", "linkding"), ("host", pasted), ("token", linkding.token)]))
        #expect(verified.contains("Connected: linkding"), "\(verified.prefix(3000))")
        let saved = ServeClient.text(try await client.post("/settings", [("source", "linkding"), ("host", pasted), ("token", "")]))
        #expect(saved.contains("Marks now uses the new source"), "\(saved.prefix(3000))")
        let address = "http://127.0.0.1:\(linkding.port)"
        #expect(saved.contains("the linkding server at \(address)"))

        // Without a restart: /api/ points linkding clients at the server, the pages list its bookmarks.
        let api = try await serving.apiBookmarks()
        #expect(api.status == 503)
        #expect(ServeClient.text(api) == #"{"detail":"This Marks uses the linkding server at \#(address); point your client there."}"#)
        let list = ServeClient.text(try await client.get("/"))
        #expect(list.contains("On the stand-in server one") && list.contains("On the stand-in server two"))
        #expect(!list.contains("Kept in the embedded store"))

        // The enrich job queued before the switch finishes on the source it was queued for: the embedded
        // bookmark 2 gets the summary, the stand-in's bookmark 2 (same id) does not.
        let ended = try await serving.parts.jobs.run(id: oldEnrich.id)
        #expect(ended?.state == .done, "\(ended?.lastError ?? "")")
        #expect(try embedded.bookmark(id: 2).notes.contains(SummaryStandIn.summary))
        let standInTwo = try #require(try linkding.bookmarks.first { $0.url == "https://standin.example/two" })
        #expect(!standInTwo.notes.contains(SummaryStandIn.summary))

        // A save after the switch goes to the stand-in, and its enrich job writes the summary there.
        #expect(try await client.post("/add", [("url", "https://standin.example/three"), ("title", "Saved after the switch")]).status == 303)
        let three = try #require(try linkding.bookmarks.first { $0.url == "https://standin.example/three" })
        let identity = serving.parts.sources.current.identity
        #expect(identity.contains("127.0.0.1:\(linkding.port)"))
        try await serving.run(EnrichmentService.JobKinds.enrich, key: "\(identity)#\(three.id)")
        #expect(try linkding.store.bookmark(id: three.id).notes.contains(SummaryStandIn.summary))

        // A delete is held for the undo window, then its job sends it to the stand-in.
        let one = try #require(try linkding.bookmarks.first { $0.url == "https://standin.example/one" })
        #expect(try await client.post("/bookmarks/\(one.id)/delete", []).status == 303)
        #expect(try linkding.bookmarks.contains { $0.id == one.id }, "held until the undo window closes")
        try await serving.run(LibraryService.deleteKind, key: "\(identity)#\(one.id)")
        #expect(try !linkding.bookmarks.contains { $0.id == one.id })

        // The catch-up job: the widget files and the search index hold the stand-in's bookmarks, not the old ones.
        try await serving.run(LibraryService.sourceSyncKind, key: "current")
        let widget = try WidgetDataStore(directory: serving.root.paths.dataDirectory).loadBookmarks().recent.map(\.title)
        #expect(widget.contains("On the stand-in server two") && !widget.contains("Kept in the embedded store"), "\(widget)")
        let index = try serving.root.searchIndex()
        #expect(try index.keywordSearch("switch", limit: 10).map(\.bookmarkID) == [three.id], "only the new source's bookmark")
        #expect(try index.keywordSearch("embedded", limit: 10).isEmpty, "the old source's bookmarks left the index")

        // A restart keeps the new source: a new root over the same config file and data directory serves the notice.
        let restarted = try await Serving.start(harness)
        #expect(try await restarted.apiBookmarks().status == 503)
        #expect(restarted.parts.sources.current.server?.port == linkding.port)
        await restarted.stop()

        // Back to the embedded store: /api/ serves it again, and so do the pages.
        let back = ServeClient.text(try await client.post("/settings", [("source", "embedded")]))
        #expect(back.contains("Marks now uses the new source") && back.contains("Marks’ own store on this computer"), "\(back.prefix(3000))")
        let again = try await serving.apiBookmarks()
        #expect(again.status == 200)
        #expect(ServeClient.text(again).contains("Kept in the embedded store"))
        #expect(ServeClient.text(try await client.get("/")).contains("Kept in the embedded store"))
    }
}
