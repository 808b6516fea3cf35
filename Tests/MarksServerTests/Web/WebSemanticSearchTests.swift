import Foundation
import Synchronization
import HTTPServer
import MarksCore
import MarksIndex
import MarksServer
import Testing

/// The Search tab's Semantic mode: the switch is on when a semantic search is wired, the query and scope
/// reach it, and its bookmarks render as the same rows (escaped).
@Suite struct WebSemanticSearchTests {
    final class Calls: @unchecked Sendable {
        let lock = NSLock()
        var seen: [(String, Bool, String?)] = []
        func record(_ call: (String, Bool, String?)) { lock.withLock { seen.append(call) } }
    }

    @Test func semanticModeUsesTheWiredSearchAndRendersRows() async throws {
        let calls = Calls()
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.semanticSearch = { query, unread, tag in
            calls.record((query, unread, tag))
            return [Bookmark(id: 7, url: "https://bread.example/sourdough", title: "Baking <b>sourdough</b> at home",
                             dateAdded: Date(timeIntervalSince1970: 1_700_000_000), dateModified: Date(timeIntervalSince1970: 1_700_000_000))]
        }
        let web = try await WebHarness.make(options: options)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let form = WebClient.text(try await client.get("/search"))
        #expect(form.contains("id=\"mode-semantic\" aria-pressed=\"false\" aria-describedby"))
        let page = WebClient.text(try await client.get("/search?q=how+to+make+loaves&mode=semantic&scope=unread"))
        #expect(page.contains("Baking &lt;b&gt;sourdough&lt;/b&gt; at home"))
        #expect(page.contains("id=\"mode-semantic\" aria-pressed=\"true\""))
        #expect(calls.seen.count == 1)
        #expect(calls.seen.first?.0 == "how to make loaves" && calls.seen.first?.1 == true)
        let keyword = WebClient.text(try await client.get("/search?q=how+to+make+loaves"))
        #expect(keyword.contains("No results for “how to make loaves”"))
        #expect(calls.seen.count == 1)
    }

    /// While the vectors are being computed, Semantic mode says how much of the library it has read and how the rest is
    /// found; a few texts left (a bookmark saved a moment ago) and keyword mode get no notice.
    @Test func semanticModeSaysHowMuchOfTheLibraryItHasReadYet() async throws {
        let reading = Mutex<IndexProgress?>(IndexProgress(done: 2304, total: 10_000))
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.semanticSearch = { _, _, _ in [] }
        options.semanticReading = { reading.withLock { $0 } }
        let web = try await WebHarness.make(options: options)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/search?q=bread&mode=semantic"))
        #expect(page.contains("id=\"semantic-reading\""))
        #expect(page.contains("(2,304 of 10,000 texts so far)"))
        #expect(page.contains("No close matches for “bread”"))
        let keyword = WebClient.text(try await client.get("/search?q=bread"))
        #expect(!keyword.contains("semantic-reading"))
        reading.withLock { $0 = IndexProgress(done: 9990, total: 10_000) }
        #expect(!WebClient.text(try await client.get("/search?q=bread&mode=semantic")).contains("semantic-reading"))
        reading.withLock { $0 = nil }
        #expect(!WebClient.text(try await client.get("/search?q=bread&mode=semantic")).contains("semantic-reading"))
    }
}
