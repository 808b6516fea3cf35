import Foundation
import HTTPServer
import MarksDocuments
import MarksReading
import MarksTestSupport
import StandInNetwork
import Testing
@testable import MarksServer

/// Highlights on a document's text through the web app (issue 37 item 4, "or a document's text"), over a real sources
/// library: made from the source's page (the script's JSON post), drawn as `<mark class="hl">` in the re-flowed text
/// on the next load and listed after it, in the Highlights view (as a source's, linking to the text at the
/// highlight), keyword search's panel and the Markdown download; deleted; bad input refused with nothing stored; and
/// the text edited so the words are gone, said to be unplaced.
@Suite struct DocumentHighlightWebTests {
    static let text = """
        Platypus venom is delivered by a spur on the hind leg of the male.
        It causes severe pain in people but is not lethal.

        • Echidnas lay eggs too
        • Both are monotremes
        """

    private func withDocument(_ body: (DocumentsHarness, WebClient, String) async throws -> Void) async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        let added = try await h.library.addText(Self.text, title: "Monotreme notes", tags: ["zoology"])
        let client = try await h.web.signedIn()
        try await body(h, client, added.summary.id.uuidString.lowercased())
    }

    @Test func makeShowListFindExportAndDelete() async throws {
        try await withDocument { h, client, id in
            var client = client
            let before = WebClient.text(try await client.get("/sources/\(id)"))
            #expect(before.contains("data-highlights=\"/sources/\(id)/highlights\""), "the script is told where to post")
            #expect(before.contains("<section class=\"highlights\" id=\"highlights\"") && before.contains("Select words in the text"))
            // The selection runs from the first paragraph's end into the list, as a browser's range does.
            let made = try await client.post("/sources/\(id)/highlights", [("quote", "but is not lethal.\n\nEchidnas lay eggs"),
                                                                          ("prefix", "It causes severe pain in people "), ("suffix", " too"),
                                                                          ("note", "  Ask a vet.  ")], headers: HighlightWebTests.json)
            #expect(made.status == 201, "\(WebClient.text(made))")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(WebClient.text(made).utf8)) as? [String: Any])
            let hl = try #require(answer["id"] as? Int)
            #expect(answer["document_id"] as? String == id && answer["bookmark_id"] is NSNull)
            #expect((answer["item"] as? String)?.contains("id=\"hl-item-\(hl)\"") == true)

            let page = WebClient.text(try await client.get("/sources/\(id)"))
            #expect(page.contains("<mark class=\"hl\" data-hl=\"\(hl)\" id=\"hl-\(hl)\">but is not lethal.</mark></p><ul><li><mark class=\"hl\" data-hl=\"\(hl)\">Echidnas lay eggs</mark> too</li>"),
                    "drawn in the re-flowed paragraph and the list item, one mark each: \(page)")
            #expect(page.contains("<p class=\"hl-note\">Ask a vet.</p>") && !page.contains("hl-lost"))
            #expect(page.contains("<a class=\"hl-show\" href=\"/sources/\(id)#hl-\(hl)\">"), "the list links to the highlight in the text")

            let all = WebClient.text(try await client.get("/highlights"))
            #expect(all.contains("/sources/\(id)#hl-\(hl)") && all.contains("<span class=\"hl-kind\">Source</span>"))
            #expect(all.contains("Monotreme notes") && all.contains("Ask a vet."))
            #expect(WebClient.text(try await client.get("/highlights?tag=zoology")).contains("hl-item-\(hl)"), "by the source's tag")
            #expect(WebClient.text(try await client.get("/highlights?q=vet")).contains("hl-item-\(hl)"))
            let search = WebClient.text(try await client.get("/search?q=vet"))
            #expect(search.contains("/sources/\(id)#hl-\(hl)") && search.contains("Source: Monotreme notes"), "keyword search's panel")
            let markdown = WebClient.text(try await client.get("/highlights/export"))
            #expect(markdown.contains("## Monotreme notes\n\na source (document) · saved 2027-01-15 · #zoology\n\n> but is not lethal.\n>\n> Echidnas lay eggs\n\nAsk a vet.\n"),
                    "\(markdown)")

            let deleted = try await client.post("/highlights/\(hl)/delete", [], headers: HighlightWebTests.json)
            #expect(deleted.status == 204)
            let after = WebClient.text(try await client.get("/sources/\(id)"))
            #expect(!after.contains("mark class=\"hl\"") && !after.contains("hl-item-\(hl)"))
            #expect(try #require(h.web.app.options.highlights).highlights(documentID: try #require(UUID(uuidString: id))).isEmpty)
        }
    }

    @Test func badInputIsRefusedAndNothingIsStored() async throws {
        try await withDocument { h, client, id in
            var client = client
            let post: (String, [(String, String)]) async throws -> HTTPResponse = { path, fields in
                try await client.post(path, fields, headers: HighlightWebTests.json)
            }
            let unknown = try await post("/sources/\(UUID().uuidString.lowercased())/highlights", [("quote", "Platypus venom")])
            #expect(unknown.status == 404 && WebClient.text(unknown).contains("does not exist"))
            #expect(try await post("/sources/not-a-source/highlights", [("quote", "Platypus venom")]).status == 404)
            let empty = try await post("/sources/\(id)/highlights", [("quote", " \n ")])
            #expect(empty.status == 400 && WebClient.text(empty).contains("Select some words"))
            let hugeNote = try await post("/sources/\(id)/highlights", [("quote", "Platypus venom"), ("note", String(repeating: "n", count: 10_001))])
            #expect(hugeNote.status == 413 && WebClient.text(hugeNote).contains("at most 10000"))
            let notThere = try await post("/sources/\(id)/highlights", [("quote", "flamingos dance")])
            #expect(notThere.status == 422)
            let noCSRF = try await client.post("/sources/\(id)/highlights", [("quote", "Platypus venom")], csrf: .some(nil), headers: HighlightWebTests.json)
            #expect(noCSRF.status == 403)
            let store = try #require(h.web.app.options.highlights)
            #expect(try store.highlights(documentID: try #require(UUID(uuidString: id))).isEmpty, "nothing stored")
            #expect(WebClient.text(try await client.get("/highlights")).contains("No highlights yet."))
        }
    }

    @Test func aHighlightWhoseWordsAreEditedAwaySaysItCannotBePlaced() async throws {
        try await withDocument { h, client, id in
            var client = client
            let made = try await client.post("/sources/\(id)/highlights", [("quote", "Both are monotremes")], headers: HighlightWebTests.json)
            #expect(made.status == 201)
            let uuid = try #require(UUID(uuidString: id))
            var update = DocumentUpdate()
            update.body = "Platypus venom is delivered by a spur on the hind leg of the male."
            _ = try await h.library.update(id: uuid, update)
            let page = WebClient.text(try await client.get("/sources/\(id)"))
            #expect(page.contains("hl-unplaced") && page.contains("can no longer be placed"))
            #expect(!page.contains("mark class=\"hl\""))
        }
    }

    /// A PDF's text is shown page by page: a highlight on page 2 is drawn in that page's section (the pages read as one
    /// text for placing it).
    @Test func aHighlightOnAPDFsSecondPageIsDrawnThere() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        let inputs = try TemporaryDirectory(prefix: "marks-document-highlight-pdf")
        defer { inputs.cleanUp() }
        let pdf = inputs.file("wombats.pdf")
        try Data(TestPDF.make([.text(["Burrows of the hairy-nosed wombat"]), .text(["Page two about echidnas and their spines"])])).write(to: pdf)
        let added = try await h.library.importFile(at: pdf)
        let id = added.summary.id.uuidString.lowercased()
        var client = try await h.web.signedIn()
        let made = try await client.post("/sources/\(id)/highlights", [("quote", "echidnas and their spines"), ("prefix", "Page two about ")],
                                         headers: HighlightWebTests.json)
        #expect(made.status == 201, "\(WebClient.text(made))")
        let page = WebClient.text(try await client.get("/sources/\(id)"))
        let second = try #require(page.range(of: "<section class=\"source-page\" id=\"p2\"")).upperBound
        let mark = try #require(page.range(of: "<mark class=\"hl\" data-hl=\"1\" id=\"hl-1\">echidnas and their spines</mark>"), "\(page)")
        #expect(mark.lowerBound > second, "drawn on page 2")
        // A selection across the page break holds the page marker, as the browser's text of the range does.
        let across = try await client.post("/sources/\(id)/highlights", [("quote", "hairy-nosed wombat\n\np. 2\n\nPage two")], headers: HighlightWebTests.json)
        #expect(across.status == 201, "\(WebClient.text(across))")
        let again = WebClient.text(try await client.get("/sources/\(id)"))
        #expect(again.contains("<mark class=\"hl\" data-hl=\"2\" id=\"hl-2\">hairy-nosed wombat</mark>") && again.contains("<mark class=\"hl\" data-hl=\"2\">Page two</mark>"),
                "\(again)")
    }
}
