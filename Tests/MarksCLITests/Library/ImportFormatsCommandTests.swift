import Foundation
import MarksTestSupport
import Testing

/// `marks import` with other services' exports: the format found from the content (whatever the file's name),
/// `--format` to force one, `--dry-run`, and the same file twice.
@Suite struct ImportFormatsCommandTests {
    func write(_ text: String, to name: String, in h: CLIHarness) throws -> String {
        let url = h.home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aPocketExportIsFoundFromItsContentAndASecondImportChangesNothing() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(ImportSamples.pocketCSV, to: "part_000000.txt", in: h)
        #expect(await h.run(["import", file]) == 0)
        #expect(h.stdout.contains("Imported 5 bookmarks from \(file) (Pocket CSV export): 5 new, 0 updated, 1 skipped."))
        #expect(h.stderr.contains("\(file):5: Skipped a bookmark “Not a page”"))
        #expect(h.stderr.contains("\(file):6: Merged into the entry at line 2"))
        h.reset()
        #expect(await h.run(["import", file, "--dry-run"]) == 0)
        #expect(h.stdout.contains("0 to add, 0 to update, 5 unchanged, 1 to skip. Nothing was changed."))
        #expect(h.stdout.contains("skip \(file):5: "))
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        let before = h.stdout
        h.reset()
        #expect(await h.run(["import", file]) == 0)
        #expect(h.stdout.contains("0 new, 0 updated, 5 unchanged, 1 skipped."), "\(h.stdout)")
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        #expect(h.stdout == before, "the same file twice changes nothing")
    }

    @Test func aDryRunIntoAnEmptyLibraryListsWhatWouldBeAddedAndChangesNothing() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(ImportSamples.karakeepJSON, to: "karakeep.json", in: h)
        #expect(await h.run(["import", file, "--dry-run"]) == 0)
        #expect(h.stdout.contains("add https://karakeep.example/one — Karakeep link"))
        #expect(h.stdout.contains("skip Entry 2: Skipped a text bookmark"))
        #expect(h.stdout.contains("(Karakeep JSON export): 2 to add, 0 to update, 0 unchanged, 1 to skip. Nothing was changed."))
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        #expect(!h.stdout.contains("<DT><A "))
    }

    @Test func aForcedFormatThatIsWrongChangesNothingAndSaysWhy() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(ImportSamples.instapaperCSV, to: "export.csv", in: h)
        #expect(await h.run(["import", file, "--format", "wallabag"]) == 1)
        #expect(h.stderr.contains("This is not a Wallabag JSON export: it is not JSON.") && h.stderr.contains("Nothing was imported."))
        h.reset()
        #expect(await h.run(["import", file, "--format", "myspace"]) == 64)
        #expect(h.stderr.contains("unknown --format myspace"))
        h.reset()
        #expect(await h.run(["import", file, "--format", "INSTAPAPER", "--json"]) == 0)
        #expect(h.stdout.contains("\"format\":\"instapaper\"") && h.stdout.contains("\"created\":3"))
    }

    @Test func aCSVCutShortChangesNothingAndNamesTheLine() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(ImportSamples.readwiseCSV + "\"Cut here,https://example.com/cut", to: "reader.csv", in: h)
        #expect(await h.run(["import", file]) == 1)
        #expect(h.stderr.contains("The Readwise Reader CSV export is broken at line 8: a quoted field opened here is never closed. Was it cut short?"))
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        #expect(!h.stdout.contains("<DT><A "))
    }

    /// Omnivore's export as it downloads: a ZIP of `metadata_*.json`, `content/*.md` and `highlights/*.md` (made here
    /// with the tests' ZIP writer, laid out as Omnivore's exporter documents it).
    static func omnivoreZip() throws -> [UInt8] {
        try TestZip.make([
            TestZip.Entry(name: "metadata_0_to_2.json", bytes: Array(ImportSamples.omnivoreJSON.utf8)),
            TestZip.Entry(name: "content/omnivore-one.md", bytes: Array("# Omnivore one\n\nThe article.".utf8)),
            TestZip.Entry(name: "highlights/omnivore-one.md", bytes: Array("> A highlighted line [⤴️](https://omnivore.app/me/omnivore-one#h1)\n\nMy note\n".utf8), deflated: false),
        ])
    }

    @Test func anOmnivoreZipIsReadWithItsHighlightsAsHighlights() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let url = h.home.appendingPathComponent("omnivore-export.zip")
        try Data(try Self.omnivoreZip()).write(to: url)
        #expect(await h.run(["import", url.path]) == 0)
        #expect(h.stdout.contains("Imported 2 bookmarks from \(url.path) (Omnivore export): 2 new, 0 updated. 1 highlights added, 0 already there."))
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        #expect(!h.stdout.contains("A highlighted line"), "a highlight, not a note")
        h.reset()
        #expect(await h.run(["import", url.path, "--dry-run"]) == 0)
        #expect(h.stdout.contains("0 to add, 0 to update, 2 unchanged"))
    }

    @Test func aZipCutShortChangesNothingAndSaysWhy() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let bytes = try Self.omnivoreZip()
        let url = h.home.appendingPathComponent("cut.zip")
        try Data(bytes.prefix(bytes.count / 2)).write(to: url)
        #expect(await h.run(["import", url.path]) == 1)
        #expect(h.stderr.contains("The Omnivore export is broken: the ZIP archive cannot be read") && h.stderr.contains("Nothing was imported."))
    }
}
