import Foundation
import MarksTestSupport
import Testing
@testable import MarksServer

/// List density and the folding home cards over real request handling (issue 37 item 9): Settings → Appearance sets
/// a `marks_density` cookie; compact pages say so on `<html>` and start with the cards folded unless the person opened
/// them (`marks_cards`); an unknown density is refused.
@Suite struct ListDensityWebTests {
    @Test func compactIsKeptInACookieAndFoldsTheCards() async throws {
        let web = try await WebHarness.make { try await $0.seed(5) }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let comfortable = WebClient.text(try await client.get("/"))
        #expect(!comfortable.contains("data-density"))
        #expect(comfortable.contains("<details class=\"cards-fold\" id=\"cards-fold\" open><summary>Cards: recently added, a random bookmark</summary>"))
        #expect(WebClient.text(try await client.get("/settings")).contains("id=\"density-comfortable\">Comfortable</button>"))

        let saved = try await client.post("/density", [("density", "compact"), ("return", "/settings")])
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/settings")
        #expect(client.cookies["marks_density"] == "compact")
        let compact = WebClient.text(try await client.get("/"))
        #expect(compact.contains("data-density=\"compact\""))
        #expect(compact.contains("<details class=\"cards-fold\" id=\"cards-fold\"><summary>"), "folded in compact density")
        #expect(WebClient.text(try await client.get("/settings")).contains("aria-pressed=\"true\" id=\"density-compact\""))

        client.cookies["marks_cards"] = "open"
        #expect(WebClient.text(try await client.get("/")).contains("id=\"cards-fold\" open>"), "the person's own choice wins")
        client.cookies["marks_cards"] = "folded"
        client.cookies["marks_density"] = "comfortable"
        #expect(WebClient.text(try await client.get("/")).contains("id=\"cards-fold\"><summary>"))

        #expect(try await client.post("/density", [("density", "tiny")]).status == 400)
        #expect(client.cookies["marks_density"] == "comfortable", "a refused choice changes nothing")
    }
}
