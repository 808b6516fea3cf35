import MarksTestSupport
import Foundation
import HTTPServer
import MarksCore
import MarksEngine
import MarksBookmarks
import MarksServer
import Synchronization
import Testing

/// Enrich All from the Collections tab queues one job whose progress the tab shows from the jobs table (the
/// script follows it as JSON); saving queues an enrich job; no page view starts work.
@Suite struct WebEnrichmentTests {
    struct Offline: Error {}

    static func offlineEnrichment(_ calls: Calls? = nil) -> (LibraryService) -> EnrichmentService {
        { library in
            EnrichmentService(library: library, engine: OfflineEngine(embedder: TestEmbedder()),
                              status: EngineStatus(kind: .offline, name: "offline", healthy: true, detail: "offline (test embedder)"),
                              readPage: { _ in calls?.add(); throw Offline() })
        }
    }

    /// Counts page reads (each enrichment reads its page first).
    final class Calls: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static let sameOrigin = [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin")]

    @Test func enrichAllQueuesOneJobWhoseProgressTheTabShows() async throws {
        let web = try await WebHarness.make(seed: 7, enrichment: Self.offlineEnrichment())
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let tab = WebClient.text(try await client.get("/collections"))
        #expect(tab.contains("data-enrich-all"))
        #expect(!tab.contains("Engine:") && !tab.contains("test embedder"), "no engine status on the tab (issue 37 item 10)")
        #expect(WebClient.text(try await client.get("/collections/enrich")) == #"{"state":"none"}"#)

        let queued = try await client.post("/collections/enrich", headers: Self.sameOrigin + [("Accept", "application/json")])
        #expect(queued.status == 200)
        #expect(WebClient.text(queued) == #"{"state":"queued","fraction":null,"text":null,"error":null}"#)
        let again = try await client.post("/collections/enrich")  // the plain form: one job, back to the tab
        #expect(again.status == 303 || again.status == 302)
        #expect(try web.jobs.store.jobs(kind: EnrichmentService.JobKinds.enrichAll).count == 1)
        #expect(WebClient.text(try await client.get("/collections")).contains("Enrich all is queued."))

        await web.jobs.runUntilIdle()
        let finished = WebClient.text(try await client.get("/collections"))
        #expect(finished.contains("Enrich all finished. Enriched 7; 0 already had a summary."))
        #expect(WebClient.text(try await client.get("/collections/enrich")).contains(#""state":"done""#))
        let list = WebClient.text(try await client.get("/"))
        var distinct = 0
        for id in 1...7 {
            let bookmark = try await web.library.bookmark(id: id)
            #expect(bookmark.aiSummary?.isEmpty == false, "bookmark \(id) was enriched")
            if bookmark.distinctAISummary != nil { distinct += 1 }
        }
        // Labelled only where the summary says more than the description (one that repeats it is not shown twice).
        #expect(list.components(separatedBy: "<span class=\"ai-label\">AI summary</span>").count - 1 == distinct)
    }

    @Test func addingQueuesTheEnrichJobWhichStoresTheSummary() async throws {
        let web = try await WebHarness.make(seed: 0, enrichment: Self.offlineEnrichment())
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let added = try await client.post("/add", [("url", "https://example.com/sourdough"), ("title", "Sourdough starter guide")])
        #expect(added.status == 303)
        let jobs = try web.jobs.store.jobs(kind: EnrichmentService.JobKinds.enrich)
        #expect(jobs.map(\.state) == [.queued])
        await web.jobs.runUntilIdle()
        let first = try #require(jobs.first)
        #expect(first.key.hasPrefix(web.library.source.identity + "#"), "the key names the source")
        let id = try #require(Int(first.key.split(separator: "#").last ?? ""))
        #expect(try web.library.aiMetadata(id: id)?.engine == "offline")  // enriched (a title alone may give no summary)
        #expect(try web.jobs.store.job(id: jobs[0].id)?.state == .done)
    }

    @Test func pageViewsStartNoWork() async throws {
        let calls = Calls()
        let web = try await WebHarness.make(seed: 7, enrichment: Self.offlineEnrichment(calls))
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        for path in ["/", "/?unread=1", "/tags", "/search?q=page", "/collections", "/collections/enrich"] {
            #expect(try await client.get(path).status == 200, "\(path)")
        }
        #expect(try web.jobs.store.jobs().isEmpty)  // nothing queued
        await web.jobs.runUntilIdle()
        for _ in 0..<50 { await Task.yield() }  // a detached pass started by a page (the old way) would read pages now
        #expect(calls.value == 0)
        #expect(try web.library.aiMetadata(id: 1) == nil)
    }

    /// A "summary" that is only the first sentences of the person's own description (what the engine falls back to
    /// when it cannot read the page) is not labelled "AI summary" in the list or on the bookmark's page; the row shows
    /// the description itself. A summary of the page is labelled (issue 36 item 6).
    @Test func onlyASummaryOfThePageIsLabelledAISummary() async throws {
        let day = Date(timeIntervalSince1970: 0)
        let web = try await WebHarness.make(seed: 0, prepare: { source in
            try await source.insert(Bookmark(id: 0, url: "https://example.com/own", title: "Own words",
                                             description: "Notes on logging levels. Read later. Ask Sam about handlers.",
                                             dateAdded: day, dateModified: day))
            try await source.insert(Bookmark(id: 0, url: "https://example.com/page", title: "Read page", description: "Notes on handlers.",
                                             dateAdded: day, dateModified: day))
        })
        defer { web.cleanUp() }
        let own = try await web.library.bookmark(id: 1)
        let read = try await web.library.bookmark(id: 2)
        #expect(own.title == "Own words" && read.title == "Read page")
        _ = try await web.library.setAIMetadata(id: own.id, summary: "Notes on logging levels. Read later.", tags: [], engine: "offline")
        _ = try await web.library.setAIMetadata(id: read.id, summary: "A handler decides where a record goes. One logger can have several.",
                                                tags: [], engine: "offline")
        var client = try await web.signedIn()
        let list = WebClient.text(try await client.get("/"))
        #expect(list.components(separatedBy: "<span class=\"ai-label\">AI summary</span>").count - 1 == 1)
        #expect(list.contains("<span class=\"ai-label\">AI summary</span>A handler decides where a record goes."))
        #expect(list.contains("<p class=\"excerpt\">Notes on logging levels. Read later. Ask Sam about handlers.</p>"), "the description, as itself")
        let ownPage = WebClient.text(try await client.get("/bookmarks/\(own.id)"))
        #expect(!ownPage.contains("AI summary"))
        #expect(ownPage.contains("Notes on logging levels. Read later. Ask Sam about handlers."))
        #expect(WebClient.text(try await client.get("/bookmarks/\(read.id)")).contains("<span class=\"ai-label\">AI summary</span>"))
    }
}
