import Foundation
import HTTPServer
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import Testing
@testable import MarksServer

/// Highlights through the web app, over a real archive of a page served on port 0: made from the reader (the
/// script's JSON post), drawn as `<mark class="hl">` across inline markup on the next load, listed at the end of the
/// reader, on the bookmark's page and in the Highlights view (search, tag); a note edited, a highlight deleted;
/// hostile input refused with nothing stored; and the page text fetched again, the highlight still placed or said
/// to be unplaced.
@Suite struct HighlightWebTests {
    static let json: [(String, String)] = [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"), ("Accept", "application/json")]

    /// A site whose page can change, its archive, and a web app (bookmark 1 reads the page) — with `body` the test.
    private func withSite(_ first: String, _ body: (WebHarness, PageArchive, String, SitePage) async throws -> Void) async throws {
        let page = SitePage(first)
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(page.html.withLock { $0 }.utf8)))
        }
        let directory = try TemporaryDirectory(prefix: "marks-highlights-web")
        defer { directory.cleanUp() }
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true)), now: { Date() })
        let url = site.baseURL.absoluteString + "/herons"
        let web = try await WebHarness.make(seed: 2, reader: { _ in try await archive.article(for: url) })
        defer { web.cleanUp() }
        try await body(web, archive, url, page)
        await site.stop()
    }

    /// The page the site serves, changed by a test.
    final class SitePage: Sendable {
        let html: Mutex<String>
        init(_ html: String) { self.html = Mutex(html) }
    }

    static func article(_ paragraphs: String) -> String {
        "<html><head><title>Herons</title></head><body><article><h1>Herons</h1>\(paragraphs)</article></body></html>"
    }

    static let herons = article("""
        <p>Grey herons leave the northern lakes in October and fly south along the <em>river valleys</em> at night.</p>
        <p>They nest in tall reeds and return to the same colony every spring, year after year.</p>
        """)

    @Test func makeShowListEditAndDelete() async throws {
        try await withSite(Self.herons) { web, _, _, _ in
            var client = try await web.signedIn()
            _ = try await client.get("/bookmarks/1/read")
            let made = try await client.post("/bookmarks/1/highlights", [("quote", "fly south along the river valleys"),
                                                                         ("prefix", "lakes in October and "), ("suffix", " at night."),
                                                                         ("note", "  They travel by night.  ")], headers: Self.json)
            #expect(made.status == 201, "\(WebClient.text(made))")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(WebClient.text(made).utf8)) as? [String: Any])
            let id = try #require(answer["id"] as? Int)
            #expect(answer["note"] as? String == "They travel by night.")
            #expect((answer["item"] as? String)?.contains("id=\"hl-item-\(id)\"") == true)

            let reader = WebClient.text(try await client.get("/bookmarks/1/read"))
            #expect(reader.contains("<mark class=\"hl\" data-hl=\"\(id)\" id=\"hl-\(id)\">fly south along the </mark><em><mark class=\"hl\" data-hl=\"\(id)\">river valleys</mark></em>"),
                    "drawn across the emphasis, one mark per text node")
            #expect(reader.contains("<section class=\"highlights\" id=\"highlights\""))
            #expect(reader.contains("<p class=\"hl-note\">They travel by night.</p>"))
            #expect(reader.contains("data-highlights=\"/bookmarks/1/highlights\""))
            #expect(reader.contains("<a class=\"hl-show\" href=\"/bookmarks/1/read#hl-\(id)\">"), "Show in the text goes to the mark, not to the list")
            #expect(!reader.contains("hl-lost"))

            let detail = WebClient.text(try await client.get("/bookmarks/1"))
            #expect(detail.contains("<blockquote class=\"hl-quote\">fly south along the river valleys</blockquote>"))
            #expect(detail.contains("/bookmarks/1/read#hl-\(id)"))

            let all = WebClient.text(try await client.get("/highlights"))
            #expect(all.contains("/bookmarks/1/read#hl-\(id)") && all.contains("They travel by night."))
            #expect(WebClient.text(try await client.get("/highlights?q=night+travel")).contains("hl-item-\(id)"), "a note's words")
            #expect(WebClient.text(try await client.get("/highlights?q=flamingo")).contains("No highlight matches."))
            #expect(WebClient.text(try await client.get("/highlights?tag=nothing")).contains("No highlight matches."))

            let markdown = try await client.get("/highlights/export")
            #expect(markdown.headers["Content-Type"] == "text/markdown; charset=utf-8")
            #expect(WebClient.text(markdown).hasPrefix("---\ntitle: \"Highlights\"") && WebClient.text(markdown).contains("> fly south along the river valleys\n\nThey travel by night.\n"))
            let search = WebClient.text(try await client.get("/search?q=travel+night"))
            #expect(search.contains("id=\"highlight-results\"") && search.contains("/bookmarks/1/read#hl-\(id)"), "keyword search finds a note")
            let edited = try await client.post("/highlights/\(id)", [("note", "Night flights."), ("return", "/bookmarks/1/read")])
            #expect(edited.status == 303)
            #expect(WebClient.text(try await client.get("/bookmarks/1/read")).contains("<p class=\"hl-note\">Night flights.</p>"))
            let deleted = try await client.post("/highlights/\(id)/delete", [], headers: Self.json)
            #expect(deleted.status == 204)
            let after = WebClient.text(try await client.get("/bookmarks/1/read"))
            #expect(!after.contains("mark class=\"hl\"") && !after.contains("hl-item-\(id)"))
            #expect(try await client.post("/highlights/\(id)/delete", [], headers: Self.json).status == 404)
        }
    }

    @Test func hostileInputIsRefusedAndNothingIsStored() async throws {
        try await withSite(Self.herons) { web, _, _, _ in
            var client = try await web.signedIn()
            let huge = String(repeating: "herons ", count: 1_000)
            let tooLong = try await client.post("/bookmarks/1/highlights", [("quote", huge)], headers: Self.json)
            #expect(tooLong.status == 413 && WebClient.text(tooLong).contains("at most 5000 characters"))
            let noBookmark = try await client.post("/bookmarks/999/highlights", [("quote", "Grey herons")], headers: Self.json)
            #expect(noBookmark.status == 404)
            let badID = try await client.post("/bookmarks/abc/highlights", [("quote", "Grey herons")], headers: Self.json)
            #expect(badID.status == 404)
            let noCSRF = try await client.post("/bookmarks/1/highlights", [("quote", "Grey herons")], csrf: .some(nil), headers: Self.json)
            #expect(noCSRF.status == 403)
            let notThere = try await client.post("/bookmarks/1/highlights", [("quote", "flamingos dance")], headers: Self.json)
            #expect(notThere.status == 422 && WebClient.text(notThere).contains("not in this page"))
            let empty = try await client.post("/bookmarks/1/highlights", [("quote", "   ")], headers: Self.json)
            #expect(empty.status == 400)
            let hugeNote = try await client.post("/bookmarks/1/highlights", [("quote", "Grey herons"), ("note", String(repeating: "n", count: 10_001))],
                                                 headers: Self.json)
            #expect(hugeNote.status == 413)
            #expect(WebClient.text(try await client.get("/highlights")).contains("No highlights yet."), "nothing stored")
            #expect(try await client.post("/highlights/1", [("note", "x")], headers: Self.json).status == 404)
            var anonymous = web.anonymous()
            #expect(try await anonymous.get("/highlights").status == 303, "signed out: to the sign-in page")
        }
    }

    @Test func theTrashKeepsHighlightsAndDeleteForeverDropsThem() async throws {
        try await withSite(Self.herons) { web, _, _, _ in
            var client = try await web.signedIn()
            let made = try await client.post("/bookmarks/2/highlights", [("quote", "nest in tall reeds")], headers: Self.json)
            #expect(made.status == 201)
            #expect(try await client.post("/bookmarks/2/delete", []).status == 303)
            #expect(WebClient.text(try await client.get("/highlights")).contains("nest in tall reeds"), "the trash keeps them")
            #expect(try await client.post("/bookmarks/2/restore", []).status == 303)
            #expect(WebClient.text(try await client.get("/bookmarks/2")).contains("nest in tall reeds"), "back with its bookmark")
            #expect(try await client.post("/bookmarks/2/delete", []).status == 303)
            #expect(try await client.post("/trash/2/purge", []).status == 303)
            #expect(WebClient.text(try await client.get("/highlights")).contains("No highlights yet."), "deleted for good, with them")
        }
    }

    @Test func thePageFetchedAgainKeepsOrLosesItsHighlights() async throws {
        try await withSite(Self.herons) { web, archive, url, page in
            var client = try await web.signedIn()
            _ = try await client.get("/bookmarks/1/read")
            let kept = try await client.post("/bookmarks/1/highlights", [("quote", "return to the same colony"), ("prefix", "tall reeds and "),
                                                                         ("suffix", " every spring")], headers: Self.json)
            let lost = try await client.post("/bookmarks/1/highlights", [("quote", "Grey herons leave the northern lakes")], headers: Self.json)
            #expect(kept.status == 201 && lost.status == 201)
            // The site rewrote its page: the first paragraph is gone, the second reflowed with new words around it.
            page.html.withLock {
                $0 = Self.article("""
                    <p>Updated in 2026.</p><p>They nest in tall reeds and
                       return   to the same
                    colony every spring, as banding studies show.</p>
                    """)
            }
            try await archive.refetch(url)
            let reader = WebClient.text(try await client.get("/bookmarks/1/read"))
            #expect(reader.contains("<mark class=\"hl\" data-hl=\"1\" id=\"hl-1\">"), "still placed across the new line breaks")
            #expect(!reader.contains("data-hl=\"2\" id=\"hl-2\""))
            #expect(reader.contains("class=\"hl-item hl-unplaced\" id=\"hl-item-2\""))
            #expect(reader.contains("This highlight can no longer be placed"))
        }
    }
}
