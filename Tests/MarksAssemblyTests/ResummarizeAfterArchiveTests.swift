import Foundation
import HTTPServer
import MarksAssembly
import MarksBookmarks
import MarksCore
import MarksEngine
import MarksFetch
import MarksJobs
import MarksReading
import MarksTestSupport
import Synchronization
import Testing

/// Issue 36 item 6: a bookmark summarised before its page was archived gets its offline summary made again from the
/// archived text, by an `enrich.resummarize` job the archive queues (never while the archiving call waits); a
/// provider's summary is never overwritten; a page archived again is summarised again. Wired as the composition root
/// wires every process, over a page served on loopback.
@Suite struct ResummarizeAfterArchiveTests {
    struct Harness {
        let directory: TemporaryDirectory
        let server: LiveServer
        let root: CompositionRoot
        let laterReadable = Shared(false)

        init() throws {
            directory = try TemporaryDirectory(prefix: "marks-resummarize")
            var router = Router()
            for path in ["/docs", "/provider", "/fresh"] { router.get(path) { _ in .html(SphinxArticle.html) } }
            // Unreadable until the test turns it on (at the save), readable when the archive fetches it.
            let readable = laterReadable
            router.get("/later") { _ in readable.withLock { $0 } ? .html(SphinxArticle.html) : HTTPResponse(status: 503) }
            server = try LiveServer(serving: router, configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
            let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
            let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), minimumRateWindow: .seconds(30),
                                                          allowInternalAddresses: true, enabled: true),
                                      resolve: { host in host.hasSuffix(".test") ? loopback : [] })
            let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000), step: 1)
            let engine = try ConfiguredEngine(config: MarksConfig(), environment: [:], embedder: TestEmbedder())
            var overrides = CompositionRoot.Overrides(fetcher: fetcher, engine: engine)
            overrides.metadata = { BookmarkCheck.Metadata(url: $0) }
            root = CompositionRoot(settings: Settings(dataDirectory: directory.url), context: ProcessContext(environment: [:], now: clock.now),
                                   overrides: overrides)
        }

        func url(_ path: String) -> String { "http://docs.test:\(server.port)\(path)" }

        func add(_ path: String, summary: String?, engine: String) async throws -> Int {
            let library = try root.library()
            let added = try await library.add(AddBookmarkRequest(url: url(path), title: "Logging notes",
                                                                 description: "Notes on logging. Read them later."))
            if let summary { _ = try await library.setAIMetadata(id: added.bookmark.id, summary: summary, tags: ["handmade"], engine: engine) }
            return added.bookmark.id
        }

        func queued() throws -> [Job] {
            try JobStore(database: root.data().database).listJobs(states: [.queued], kind: EnrichmentService.JobKinds.resummarize, key: nil, limit: 10)
        }

        /// Runs what is queued with the kinds `marks serve` registers for enrichment.
        func runJobs() async throws {
            let jobs = try root.jobs()
            for kind in try root.enrichment().jobKinds() { await jobs.register(kind) }
            await jobs.runUntilIdle()
        }
    }

    @Test(.timeLimit(.minutes(3))) func anOfflineSummaryMadeBeforeTheArchiveIsMadeAgainFromItsText() async throws {
        let h = try Harness()
        defer { h.directory.cleanUp() }
        defer { Task { await h.server.stop() } }
        let old = "Notes on logging."
        let offline = try await h.add("/docs", summary: old, engine: "offline")
        let provider = try await h.add("/provider", summary: "A provider's careful summary.", engine: "anthropic:claude-test")
        let none = try await h.add("/fresh", summary: nil, engine: "offline")
        let library = try h.root.library()
        let archive = try h.root.pageArchive()

        for path in ["/docs", "/provider", "/fresh"] { _ = try await archive.refetch(h.url(path)) }
        #expect(try library.aiMetadata(id: offline)?.summary == old, "archiving queues the summary; it does not make it")
        let queued = try h.queued()
        #expect(queued.map(\.key) == ["embedded#" + h.url("/docs")], "only the offline summary made before the archive")

        try await h.runJobs()
        let remade = try #require(try library.aiMetadata(id: offline))
        let summary = try #require(remade.summary)
        #expect(summary != old)
        let text = try #require(try archive.readablePage(url: h.url("/docs"))).text
        let sentences = SentenceSplitter().split(text).filter(summary.contains)
        #expect(sentences.count >= 2, "made from the archived text's sentences: \(summary)")
        #expect(remade.engine == "offline" && remade.tags == ["handmade"], "the AI tags stay")
        #expect(try library.aiMetadata(id: provider)?.summary == "A provider's careful summary.", "a provider's summary is never overwritten")
        #expect(try library.aiMetadata(id: none) == nil, "a bookmark without a summary waits for enrichment as before")
        #expect(try h.queued().isEmpty)

        // Archived again (a new version): the summary, now older than that text, is made again.
        let before = remade.updatedAt
        _ = try await archive.refetch(h.url("/docs"))
        #expect(try h.queued().count == 1)
        try await h.runJobs()
        #expect(try #require(try library.aiMetadata(id: offline)).updatedAt > before)
    }

    @Test(.timeLimit(.minutes(3))) func aBookmarkThatIsOnlyAnAddressGetsAITagsFromItsArchivedPageNotFromItsURL() async throws {
        let h = try Harness()
        defer { h.directory.cleanUp() }
        defer { Task { await h.server.stop() } }
        let library = try h.root.library()
        let added = try await library.add(AddBookmarkRequest(url: h.url("/later"))).bookmark
        let first = try await h.root.enrichment().enrich(id: added.id)
        #expect(first.fromTitleOnly)
        #expect(first.tags.isEmpty, "no tags guessed from the address's letters: \(first.tags)")

        h.laterReadable.withLock { $0 = true }
        _ = try await try h.root.pageArchive().refetch(h.url("/later"))
        #expect(try h.queued().map(\.key) == ["embedded#" + h.url("/later")])
        try await h.runJobs()
        let remade = try #require(try library.aiMetadata(id: added.id))
        #expect(!remade.tags.isEmpty, "tags from the archived text")
        #expect(remade.summary.map { !$0.isEmpty } == true)
        #expect(try await library.bookmark(id: added.id).title == SphinxArticle.documentTitle, "the empty title becomes the page's")
    }

    @Test(.timeLimit(.minutes(3))) func anUntitledBookmarkGetsItsArchivedPagesTitleAndANamedOneKeepsItsOwn() async throws {
        let h = try Harness()
        defer { h.directory.cleanUp() }
        defer { Task { await h.server.stop() } }
        let library = try h.root.library()
        // Saved while the page could not be read; a provider summary, so no summary is made again.
        let untitled = try await library.add(AddBookmarkRequest(url: h.url("/later"))).bookmark
        #expect(untitled.title.isEmpty)
        _ = try await library.setAIMetadata(id: untitled.id, summary: "A provider's summary.", tags: ["kept"], engine: "anthropic:claude-test")
        let named = try await h.add("/docs", summary: "A provider's summary.", engine: "anthropic:claude-test")

        h.laterReadable.withLock { $0 = true }
        let archive = try h.root.pageArchive()
        for path in ["/later", "/docs"] { _ = try await archive.refetch(h.url(path)) }
        #expect(try h.queued().map(\.key) == ["embedded#" + h.url("/later")], "only the untitled bookmark has work to do")
        try await h.runJobs()
        #expect(try await library.bookmark(id: untitled.id).title == SphinxArticle.documentTitle)
        #expect(try library.aiMetadata(id: untitled.id)?.summary == "A provider's summary.", "a provider's summary is never overwritten")
        #expect(try await library.bookmark(id: named).title == "Logging notes", "a title the person gave stays")
    }

    @Test(.timeLimit(.minutes(3))) func atStartAnUntitledBookmarkWhosePageWasArchivedBeforeGetsItsTitle() async throws {
        let h = try Harness()
        defer { h.directory.cleanUp() }
        defer { Task { await h.server.stop() } }
        let library = try h.root.library()
        let untitled = try await library.add(AddBookmarkRequest(url: h.url("/later"))).bookmark
        let named = try await h.add("/docs", summary: nil, engine: "offline")
        h.laterReadable.withLock { $0 = true }
        let archive = try h.root.pageArchive()
        for path in ["/later", "/docs"] { _ = try await archive.refetch(h.url(path)) }
        try await h.runJobs()
        // As a data directory from before untitled bookmarks got their page's title: archived, and no title.
        _ = try await library.update(id: untitled.id, BookmarkUpdate(title: ""))
        #expect(try await library.bookmark(id: untitled.id).title.isEmpty)
        let index = try h.root.searchIndex()
        #expect(try index.untitledDocuments().map(\.id) == [untitled.id])
        #expect(try index.untitledDocuments(among: [named, untitled.id, 999]) == [untitled.id])

        // Its AI tags were guessed from the address's letters, as enrichment did before it stopped (no summary).
        _ = try await library.setAIMetadata(id: untitled.id, summary: nil, tags: ["debug", "libs"], engine: "offline")

        let queued = try await EnrichmentService.queueTitles(untitled: try index.untitledDocuments(), stored: { try archive.storedURLs(among: $0, titled: true) },
                                                             source: library.source.identity, enqueue: { _ = try await h.root.jobs().enqueue($0) })
        #expect(queued == 1)
        try await h.runJobs()
        #expect(try await library.bookmark(id: untitled.id).title == SphinxArticle.documentTitle)
        let remade = try #require(try library.aiMetadata(id: untitled.id))
        #expect(remade.summary.map { !$0.isEmpty } == true, "a summary from the page")
        #expect(!remade.tags.isEmpty && remade.tags != ["debug", "libs"], "tags from the page, not the address: \(remade.tags)")
        #expect(try index.untitledDocuments().isEmpty)
        #expect(try await EnrichmentService.queueTitles(untitled: [], stored: { _ in [] }, source: nil, enqueue: { _ in }) == 0)
    }

    @Test func onlyAnOfflineSummaryOlderThanTheArchiveIsMadeAgain() {
        let archivedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let before = archivedAt.addingTimeInterval(-1), after = archivedAt.addingTimeInterval(1)
        #expect(EnrichmentService.summaryPredatesArchive(AIMetadata(summary: "s", tags: [], engine: "offline", updatedAt: before), archivedAt: archivedAt))
        #expect(!EnrichmentService.summaryPredatesArchive(AIMetadata(summary: "s", tags: [], engine: "offline", updatedAt: after), archivedAt: archivedAt))
        #expect(!EnrichmentService.summaryPredatesArchive(AIMetadata(summary: "s", tags: [], engine: "openai:gpt", updatedAt: before), archivedAt: archivedAt))
        #expect(!EnrichmentService.summaryPredatesArchive(AIMetadata(summary: nil, tags: ["t"], engine: "offline", updatedAt: before), archivedAt: archivedAt))
        #expect(EnrichmentService.summaryPredatesArchive(AIMetadata(summary: nil, tags: [], engine: "offline", updatedAt: before), archivedAt: archivedAt),
                "an address alone got nothing")
    }
}

/// A value the router's handlers and the test share.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { value.withLock { body(&$0) } }
}
