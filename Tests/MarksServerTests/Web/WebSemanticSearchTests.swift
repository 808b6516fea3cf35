import Foundation
import HTTPServer
import MarksCore
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
}
