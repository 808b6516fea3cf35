import Foundation
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing

/// `marks highlights` and `marks highlights export` end to end over the embedded store: highlights made (as the
/// reader makes them) in the data directory's `marks.sqlite`, listed as text and JSON, exported as Markdown with YAML
/// front matter (one bookmark, all in one note, one note per bookmark into a directory); a bookmark deleted for good
/// takes its highlights with it, the trash keeps them.
@Suite struct HighlightsCommandTests {
    @Test func listExportAndPurge() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        #expect(try await marks.run(["highlights"]).stdout.hasPrefix("No highlights yet."))
        for (path, title, tags) in [("herons", "Grey herons", "birds,lakes"), ("swifts", "Swifts: \"sleep\" on the wing", "birds")] {
            let added = try await marks.run(["add", "https://example.com/\(path)", "--title", title, "--tags", tags, "--no-enrich"])
            #expect(added.code == 0, "\(added.stderr)")
        }
        let database = marks.home.appendingPathComponent("data/marks/marks.sqlite").path
        let store = try HighlightStore(database: try Database(path: database), now: { Date(timeIntervalSince1970: 1_780_000_000) })
        let first = try store.add(HighlightDraft(quote: "Grey herons leave the lakes\nin October", note: "Autumn."), source: "embedded",
                                  bookmarkID: 1, url: "https://example.com/herons")
        _ = try store.add(HighlightDraft(quote: "They nest in reeds"), source: "embedded", bookmarkID: 1, url: "https://example.com/herons")
        _ = try store.add(HighlightDraft(quote: "Swifts sleep while flying", note: "Really?"), source: "embedded", bookmarkID: 2,
                          url: "https://example.com/swifts")

        let listed = try await marks.run(["highlights"])
        #expect(listed.code == 0 && listed.stdout.contains("bookmark 1  “Grey herons leave the lakes in October”"), "\(listed.stdout)")
        #expect(listed.stdout.contains("note: Really?"))
        let json = try await marks.run(["highlights", "1", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["id"] as? Int } == [first.id, first.id + 1])
        #expect(items.first?["note"] as? String == "Autumn.")
        #expect(try await marks.run(["highlights", "x"]).code == 64)
        let found = try await marks.run(["search", "reeds"])
        #expect(found.stdout.contains("In highlights:\n1      “They nest in reeds”"), "keyword search finds a quote: \(found.stdout)")
        #expect(try await marks.run(["search", "really"]).stdout.contains("note: Really?"), "and a note")

        let note = try await marks.run(["highlights", "export", "2"])
        #expect(note.code == 0, "\(note.stderr)")
        #expect(note.stdout.hasPrefix("---\ntitle: \"Swifts: \\\"sleep\\\" on the wing\"\nurl: \"https://example.com/swifts\"\ntags:\n  - \"birds\"\nsaved: "),
                "\(note.stdout)")
        #expect(note.stdout.contains("> Swifts sleep while flying\n\nReally?\n"))

        let all = try await marks.run(["highlights", "export", "--output", "all.md", "--json"])
        #expect(all.code == 0, "\(all.stderr)")
        let written = try String(contentsOf: marks.home.appendingPathComponent("all.md"), encoding: .utf8)
        #expect(written.hasPrefix("---\ntitle: \"Highlights\"\n") && written.contains("highlights: 3"))
        #expect(written.contains("## Grey herons") && written.contains("> Grey herons leave the lakes\n> in October\n\nAutumn.\n"))
        #expect(written.contains("#birds #lakes"))
        let folder = marks.home.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let perBookmark = try await marks.run(["highlights", "export", "-o", folder.path])
        #expect(perBookmark.stdout.contains("Exported 3 highlights to 2 notes"), "\(perBookmark.stdout) \(perBookmark.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["1-grey-herons.md", "2-swifts-sleep-on-the-wing.md"])

        #expect(try await marks.run(["delete", "1"]).code == 0)
        #expect(try await marks.run(["highlights", "1"]).stdout.contains("Grey herons"), "the trash keeps them")
        #expect(try await marks.run(["trash", "purge", "1"]).code == 0)
        #expect(try await marks.run(["highlights", "1"]).stdout == "Bookmark 1 has no highlights.\n")
        #expect(try await marks.run(["highlights", "export", "1"]).code == 1)
        #expect(try await marks.run(["highlights"]).stdout.contains("Swifts sleep"), "another bookmark's stay")
    }

    @Test func aSourcesShortIDOfDigitsOnlyNamesTheSourceNotABookmark() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let added = try await marks.run(["source", "add", "Echidnas lay eggs in a pouch.", "--title", "Echidna notes", "--json"])
        #expect(added.code == 0, "\(added.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let generated = try #require((object["id"] as? String) ?? ((object["source"] as? [String: Any])?["id"] as? String), "\(added.stdout)")
        // About one source in 40 gets a short id of digits alone: this one is given such an id.
        let id = "12345678" + generated.dropFirst(8)
        let database = marks.home.appendingPathComponent("data/marks/marks.sqlite").path
        let opened = try Database(path: database)
        try opened.write { _ = try $0.run("UPDATE sources SET uuid = ? WHERE uuid = ?", [.text(id), .text(generated)]) }
        let store = try HighlightStore(database: opened, now: { Date(timeIntervalSince1970: 1_780_000_000) })
        let made = try store.add(HighlightDraft(quote: "lay eggs", note: nil), documentID: try #require(UUID(uuidString: id)))

        let json = try await marks.run(["highlights", "12345678", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout) \(json.stderr)")
        #expect(items.count == 1 && items.first?["id"] as? Int == made.id && items.first?["document_id"] as? String == id, "\(json.stdout)")
        #expect(try await marks.run(["highlights", "1234"]).stdout == "Bookmark 1234 has no highlights.\n", "a short number is a bookmark id")
    }

    @Test func aSourcesHighlightsAreListedFoundExportedAndPurgedWithIt() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let added = try await marks.run(["source", "add", "Platypus venom is delivered by a spur on the hind leg.", "--title", "Monotreme notes",
                                         "--tags", "zoology", "--json"])
        #expect(added.code == 0, "\(added.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let id = try #require((object["id"] as? String) ?? ((object["source"] as? [String: Any])?["id"] as? String), "\(added.stdout)")
        let database = marks.home.appendingPathComponent("data/marks/marks.sqlite").path
        let store = try HighlightStore(database: try Database(path: database), now: { Date(timeIntervalSince1970: 1_780_000_000) })
        let made = try store.add(HighlightDraft(quote: "delivered by a spur", note: "Males only."), documentID: try #require(UUID(uuidString: id)))

        let short = String(id.prefix(8))
        let listed = try await marks.run(["highlights"])
        #expect(listed.stdout.contains("source \(short)  “delivered by a spur”") && listed.stdout.contains("note: Males only."), "\(listed.stdout)")
        let json = try await marks.run(["highlights", short, "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout) \(json.stderr)")
        #expect(items.count == 1 && items.first?["id"] as? Int == made.id && items.first?["document_id"] as? String == id)
        #expect(items.first?["bookmark_id"] is NSNull && items.first?["url"] is NSNull)
        #expect(try await marks.run(["search", "spur"]).stdout.contains("In highlights:\nsource \(short)  “delivered by a spur”"))
        #expect(try await marks.run(["highlights", "zz"]).code == 64, "neither a bookmark nor a source id")

        let note = try await marks.run(["highlights", "export", id])
        #expect(note.code == 0, "\(note.stderr)")
        #expect(note.stdout.hasPrefix("---\ntitle: \"Monotreme notes\"\ntags:\n  - \"zoology\"\nsaved: "), "\(note.stdout)")
        #expect(note.stdout.contains("kind: document\n") && note.stdout.contains("> delivered by a spur\n\nMales only.\n"))
        let all = try await marks.run(["highlights", "export"])
        #expect(all.stdout.contains("## Monotreme notes\n\na source (document) · saved "), "\(all.stdout)")

        #expect(try await marks.run(["source", "delete", id]).code == 0)
        #expect(try await marks.run(["highlights", short]).stdout.contains("delivered by a spur"), "the trash keeps them")
        let purged = try await marks.run(["source", "purge", id])
        #expect(purged.code == 0, "\(purged.stderr)")
        #expect(try await marks.run(["highlights"]).stdout.hasPrefix("No highlights yet."), "deleted for good, with its highlights")
    }
}
