import MarksTestSupport
import Foundation
import HTTPServer
import MarksCore
import MarksEngine
import MarksLibrary
import MarksServer
import Testing

/// Enrich All from the Collections tab: the plain form does one batch; the script asks for JSON and goes on
/// batch after batch (live progress); enriched summaries and AI tags show on the list rows.
@Suite struct WebEnrichmentTests {
    struct Offline: Error {}

    @Test func enrichAllAnswersJSONBatchesAndRowsShowTheSummaries() async throws {
        let web = try await WebHarness.make(seed: 7, enrichment: { library in
            EnrichmentService(library: library, engine: OfflineEngine(embedder: TestEmbedder()),
                              status: EngineStatus(kind: .offline, name: "offline", healthy: true, detail: "offline (test embedder)"),
                              readPage: { _ in throw Offline() })
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let tab = WebClient.text(try await client.get("/collections"))
        #expect(tab.contains("data-enrich-all"))
        #expect(tab.contains("offline (test embedder)"))
        let first = try await client.post("/collections/enrich", headers: [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"),
                                                                            ("Accept", "application/json")])
        #expect(first.status == 200)
        #expect(WebClient.text(first) == #"{"enriched":5,"failed":0,"left":2}"#)
        let second = try await client.post("/collections/enrich", headers: [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"),
                                                                             ("Accept", "application/json")])
        #expect(WebClient.text(second) == #"{"enriched":2,"failed":0,"left":0}"#)
        let plain = try await client.post("/collections/enrich")
        #expect(plain.status == 303 || plain.status == 302)
        let list = WebClient.text(try await client.get("/"))
        #expect(list.contains("AI summary"))
    }
}
