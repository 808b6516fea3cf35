import Foundation
import HTTPServer
import MarksCore
import Testing
@testable import MarksServer

/// The web app with the bookmark server down: a cached bookmark's page still opens (saying it is the saved copy),
/// and a save that cannot reach the server is a 5xx with the reason, not a 400 that blames the input.
@Suite struct WebOfflineTests {
    @Test func aCachedBookmarksPageOpensFromTheCopy() async throws {
        let web = try await WebHarness.make(seed: 3, cached: true)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        _ = try await client.get("/")
        web.source.failEverything(with: .unreachable(host: "links.example", reason: "connection refused"))
        let response = try await client.get("/bookmarks/2")
        #expect(response.status == 200)
        let page = WebClient.text(response)
        #expect(page.contains("Bookmark number 2"))
        #expect(page.contains("Showing the copy saved on this computer — Cannot reach links.example: connection refused"))
        #expect(try await client.get("/bookmarks/99").status == 502, "a bookmark never cached cannot be shown")
    }

    @Test(arguments: [(BookmarkSourceError.unreachable(host: "links.example", reason: "connection refused"), 502),
                      (.timeout(seconds: 30), 504)])
    func aSaveTheServerCannotTakeIsAServerError(_ error: BookmarkSourceError, _ status: Int) async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        web.source.failEverything(with: error)
        let response = try await client.post("/add", [("url", "https://new.example/page"), ("notes", "kept"), ("merge", "1")])
        #expect(response.status == status)
        let page = WebClient.text(response)
        #expect(page.contains(error.message))
        #expect(page.contains("kept"), "what was typed is kept")
    }

    @Test func anAddressOverTheLimitSaysSo() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/add", [("url", "https://example.com/" + String(repeating: "p", count: 2100))])
        #expect(response.status == 400)
        #expect(WebClient.text(response).contains("linkding keeps addresses of up to 2,048 characters"))
        #expect(web.source.creates.isEmpty)
    }
}
