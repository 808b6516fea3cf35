import Foundation
import HTTPServer
import MarksCore
import Testing
@testable import MarksServer

/// A server without the optional services (no podcasts, sources, Ask, jobs, imports, images, favicons, pairing, app
/// devices, podcast feed) answers each feature's routes as it always did: the tab's "not available" page where there
/// is one, else the same status (`WebRoutes` mounts `AbsentFeatures` in their place).
@Suite struct WebAbsentFeaturesTests {
    static func bare() async throws -> WebHarness {
        try await WebHarness.make(seed: 1, configure: { _, _, options in
            options.jobs = nil
            options.imports = nil
        })
    }

    @Test(arguments: [
        ("/podcasts", 200, "Podcasts arrive in a later version of Marks"),
        ("/ask", 200, "Ask is not available"),
        ("/sources", 200, "Sources are not available"),
        ("/podcasts/open?bookmark=1", 404, "Podcasts are not set up on this server."),
        ("/podcasts/abc/audio", 404, "Podcasts are not set up on this server."),
        ("/sources/00000000-0000-0000-0000-000000000000", 404, "This server has no sources library."),
        ("/settings/import/abc", 404, "That import is not known"),
        ("/favicons/example.com", 404, "Marks has no icon for this site."),
        ("/reader/image?u=https%3A%2F%2Fexample.com%2Fa.png&s=forged", 403, "This image address was not made by this server."),
        ("/collections/enrich", 200, #"{"state":"none"}"#),
    ])
    func pages(path: String, status: Int, text: String) async throws {
        let web = try await Self.bare()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get(path)
        #expect(response.status == status, "\(path)")
        #expect(WebClient.text(response).contains(text), "\(path): \(WebClient.text(response).prefix(300))")
    }

    @Test(arguments: [
        ("/bookmarks/1/podcast", 404),
        ("/podcasts/abc/queue", 404),
        ("/settings/listening", 404),
        ("/sources/text", 404),
        ("/sources/not-a-uuid/delete", 404),
        ("/sources/00000000-0000-0000-0000-000000000000/ocr", 404),
        ("/ask", 503),
        ("/ask/clear", 503),
        ("/settings/import", 503),
        ("/settings/pairing-code", 404),
        ("/settings/apps/revoke-all", 404),
        ("/settings/apps/abc/revoke", 404),
        ("/settings/podcast-feed/rotate", 404),
    ])
    func changes(path: String, status: Int) async throws {
        let web = try await Self.bare()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post(path)
        #expect(response.status == status, "\(path): \(WebClient.text(response).prefix(300))")
    }

    @Test func enrichAllWithoutJobsGoesBackToCollections() async throws {
        let web = try await Self.bare()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/collections/enrich")
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/collections")
    }

    /// As with podcasts, a malformed form is a 400 before anything says podcasts are not set up.
    @Test func aPodcastMoveOrPositionChecksItsFormFirst() async throws {
        let web = try await Self.bare()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let key = String(repeating: "ab", count: 16)
        #expect(try await client.post("/podcasts/\(key)/move", [("to", "x")]).status == 400)
        #expect(try await client.post("/podcasts/\(key)/position", [("seconds", "-1")]).status == 400)
        #expect(try await client.post("/podcasts/\(key)/move", [("to", "1")]).status == 404)
    }
}
