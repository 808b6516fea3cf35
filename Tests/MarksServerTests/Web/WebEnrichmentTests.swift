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
    /// A deterministic bag-of-words embedder (no model needed): each word lights one of 64 dimensions.
    struct WordEmbedder: TextEmbedder {
        var dimension: Int { 64 }
        func embed(_ texts: [String]) throws -> [[Float]] {
            texts.map { text in
                var vector = [Float](repeating: 0, count: 64)
                for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
                    vector[Int(word.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31 &+ $1.value) } % 64)] += 1
                }
                let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
                return norm > 0 ? vector.map { $0 / norm } : vector
            }
        }
    }

    struct Offline: Error {}

    @Test func enrichAllAnswersJSONBatchesAndRowsShowTheSummaries() async throws {
        let web = try await WebHarness.make(seed: 7, enrichment: { library in
            EnrichmentService(library: library, engine: OfflineEngine(embedder: WordEmbedder()),
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
