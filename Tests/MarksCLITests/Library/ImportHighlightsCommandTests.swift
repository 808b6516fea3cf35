import Foundation
import MarksTestSupport
import Testing

/// `marks import` of exports that carry highlights: each becomes a Marks highlight (quote, note, date) on its
/// bookmark, a note without a quote stays in the notes, a dry run counts them, and the same file twice adds none and
/// says the bookmarks are unchanged.
@Suite struct ImportHighlightsCommandTests {
    func write(_ text: String, to name: String, in h: CLIHarness) throws -> String {
        let url = h.home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The highlights `marks highlights --json` lists: quote, note, url.
    func highlights(_ h: CLIHarness) async throws -> [(quote: String, note: String?, url: String?, created: String?)] {
        h.reset()
        #expect(await h.run(["highlights", "--json"]) == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(h.stdout.utf8)) as? [[String: Any]], "\(h.stdout)")
        return list.map { ($0["quote"] as? String ?? "", $0["note"] as? String, $0["url"] as? String, $0["created_at"] as? String) }
    }

    static let wallabag = #"""
        [{"is_archived": 0, "is_starred": 0, "id": 1, "title": "Annotated", "url": "https://wallabag.example/annotated",
          "created_at": "2016-09-08T11:55:58+0200",
          "annotations": [
            {"id": 1, "quote": "a quoted part", "text": "My note", "created_at": "2016-09-08T12:00:00+0200",
             "ranges": [{"start": "/p[1]", "startOffset": "10", "end": "/p[1]", "endOffset": "23"}]},
            {"id": 2, "quote": "another passage", "text": "", "created_at": "2016-09-08T12:05:00+0200", "ranges": []},
            {"id": 3, "quote": "", "text": "A note on the whole page", "ranges": []}]},
         {"is_archived": 1, "is_starred": 0, "id": 2, "title": "Plain", "url": "https://wallabag.example/plain",
          "created_at": "2020-01-01T00:00:00Z", "annotations": []}]

        """#

    @Test func wallabagAnnotationsBecomeHighlightsAndASecondImportChangesNothing() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(Self.wallabag, to: "wallabag.json", in: h)
        #expect(await h.run(["import", file, "--dry-run"]) == 0)
        #expect(h.stdout.contains("2 to add, 0 to update, 0 unchanged, 0 to skip. Highlights: 2 to add, 0 already there. Nothing was changed."), "\(h.stdout)")
        #expect(try await highlights(h).isEmpty)

        h.reset()
        #expect(await h.run(["import", file]) == 0)
        #expect(h.stdout.contains("(Wallabag JSON export): 2 new, 0 updated. 2 highlights added, 0 already there."), "\(h.stdout)")
        let found = try await highlights(h).sorted { $0.quote < $1.quote }
        #expect(found.map(\.quote) == ["a quoted part", "another passage"])
        #expect(found.map(\.note) == ["My note", nil])
        #expect(found.allSatisfy { $0.url == "https://wallabag.example/annotated" })
        #expect(found[0].created?.hasPrefix("2016-09-08T10:00:00") == true, "the annotation's own date, in UTC: \(found[0].created ?? "none")")
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        #expect(h.stdout.contains("[linkding-notes]&gt; A note on the whole page") || h.stdout.contains("[linkding-notes]A note on the whole page"),
                "a note without a quote stays in the notes: \(h.stdout)")
        #expect(!h.stdout.contains("a quoted part"), "a highlight is not also kept in the notes")
        let before = h.stdout

        h.reset()
        #expect(await h.run(["import", file, "--dry-run"]) == 0)
        #expect(h.stdout.contains("0 to add, 0 to update, 2 unchanged, 0 to skip. Highlights: 0 to add, 2 already there."), "\(h.stdout)")
        h.reset()
        #expect(await h.run(["import", file]) == 0)
        #expect(h.stdout.contains("0 new, 0 updated, 2 unchanged. 0 highlights added, 2 already there."), "\(h.stdout)")
        #expect(try await highlights(h).count == 2, "the same file twice adds no highlight")
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        #expect(h.stdout == before, "the same file twice changes nothing (no date_modified bumped)")
    }

    @Test func anInstapaperSelectionIsAHighlightAndTheJSONReportCountsThem() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(ImportSamples.instapaperCSV, to: "instapaper.csv", in: h)
        #expect(await h.run(["import", file, "--json"]) == 0)
        #expect(h.stdout.contains("\"highlights_added\":1"), "\(h.stdout)")
        let found = try await highlights(h)
        #expect(found.map(\.quote) == ["A selected sentence."] && found.first?.url == "https://example.com/two")
        #expect(found.first?.created?.hasPrefix("2020-09-13T12:28:20") == true, "the selection is dated as its bookmark was saved")
    }

    @Test func anOmnivoreZipsHighlightsBecomeHighlightsWithTheirNotes() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let url = h.home.appendingPathComponent("omnivore-export.zip")
        try Data(try ImportFormatsCommandTests.omnivoreZip()).write(to: url)
        #expect(await h.run(["import", url.path]) == 0)
        #expect(h.stdout.contains("2 new, 0 updated. 1 highlights added, 0 already there."), "\(h.stdout)")
        let found = try await highlights(h)
        #expect(found.map(\.quote) == ["A highlighted line"] && found.map(\.note) == ["My note"])
        #expect(found.first?.url == "https://omnivore.example/one")
        h.reset()
        #expect(await h.run(["import", url.path]) == 0)
        #expect(h.stdout.contains("0 new, 0 updated, 2 unchanged. 0 highlights added, 1 already there."), "\(h.stdout)")
    }

    @Test func readwiseKarakeepAndLinkwardenHighlightsArrive() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let readwise = try write(#"""
            Title,URL,Document tags,Saved date,Location,Highlight,Note,Highlighted at
            Doc,https://readwise.example/doc,[],2024-03-01 10:20:30+00:00,later,First passage,Why it matters,2024-03-02 09:00:00+00:00
            Doc,https://readwise.example/doc,[],2024-03-01 10:20:30+00:00,later,Second passage,,2024-03-02T09:05:00Z

            """#, to: "readwise.csv", in: h)
        #expect(await h.run(["import", readwise]) == 0)
        #expect(h.stdout.contains("1 new, 0 updated. 2 highlights added"), "\(h.stdout)")
        #expect(!h.stderr.contains("Merged"), "a highlights export repeats its document by design: \(h.stderr)")
        let karakeep = try write(#"""
            {"bookmarks": [{"id": "k1", "createdAt": 1710000000, "title": "K", "tags": [], "content": {"type": "link",
              "url": "https://karakeep.example/k"}, "note": null, "archived": false, "favourited": false,
              "highlights": [{"text": "Karakeep words", "note": "kk", "createdAt": 1710000100000}]}], "lists": []}
            """#, to: "karakeep.json", in: h)
        h.reset()
        #expect(await h.run(["import", karakeep]) == 0)
        let linkwarden = try write(#"""
            {"collections": [{"name": "C", "links": [{"name": "L", "url": "https://linkwarden.example/l",
              "createdAt": "2024-01-02T03:04:05.678Z", "tags": [], "highlights": [{"text": "Linkwarden words", "comment": "lw"}]}]}]}
            """#, to: "linkwarden.json", in: h)
        h.reset()
        #expect(await h.run(["import", linkwarden]) == 0)
        let found = try await highlights(h)
        let byQuote = Dictionary(uniqueKeysWithValues: found.map { ($0.quote, $0) })
        #expect(Set(byQuote.keys) == ["First passage", "Second passage", "Karakeep words", "Linkwarden words"])
        #expect(byQuote["First passage"]?.note == "Why it matters" && byQuote["Second passage"]?.note == nil)
        #expect(byQuote["Karakeep words"]?.note == "kk" && byQuote["Karakeep words"]?.created?.hasPrefix("2024-03-09T16:01:40") == true)
        #expect(byQuote["Linkwarden words"]?.note == "lw" && byQuote["Linkwarden words"]?.url == "https://linkwarden.example/l")
    }
}
