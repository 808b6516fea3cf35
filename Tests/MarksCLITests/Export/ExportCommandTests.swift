import Foundation
import MarksBookmarks
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing

/// `marks export --format json|markdown` and `marks import` of Marks' own JSON, end to end over the embedded store:
/// a library with hostile titles, AI metadata and highlights goes out as JSON, into an empty data directory and out
/// again the same; a file cut short, of a newer version or with a bad entry changes nothing; the Markdown notes'
/// front matter is read back by PyYAML, from a folder and from the ZIP.
@Suite struct ExportCommandTests {
    /// Titles that break naive front matter, file names and JSON.
    static let hostileTitles = [
        "---", "Colons: in: \"quotes\" and 'single'", "Two\nlines", "Emoji 🦩 and ünïcödé", "../../etc/passwd", "   ", "#tag [link](x) > quote",
    ]

    /// A library: an imported file with dates, notes, shared, unread and archived; bookmarks with hostile titles;
    /// AI metadata on one, highlights with notes on two.
    private func library() async throws -> MarksBinary {
        let marks = try MarksBinary()
        let file = marks.home.appendingPathComponent("start.html")
        try """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
            <DT><A HREF="https://example.com/herons" ADD_DATE="1700000000" LAST_MODIFIED="1700000500" PRIVATE="0" TOREAD="1" TAGS="birds,lakes">Grey herons</A>
            <DD>Where herons nest.[linkding-notes]Seen at the lake.
            Twice.[/linkding-notes]
            <DT><A HREF="https://example.com/old" ADD_DATE="1600000000" PRIVATE="1" TAGS="linkding:bookmarks.archived,old">An old page</A>
            </DL><p>
            """.write(to: file, atomically: true, encoding: .utf8)
        let imported = try await marks.run(["import", "start.html"])
        #expect(imported.code == 0, "\(imported.stderr)")
        for (index, title) in Self.hostileTitles.enumerated() {
            let added = try await marks.run(["add", "https://example.com/hostile/\(index)", "--title", title, "--tags", "odd", "--notes",
                                             "---\nnot: front matter\n---", "--no-enrich", "--read"])
            #expect(added.code == 0, "\(added.stderr)")
        }
        let database = try Database(path: marks.home.appendingPathComponent("data/marks/marks.sqlite").path)
        let cache = try BookmarkCache(database: database, sourceKey: "embedded")
        try cache.setAIMetadata(AIMetadata(summary: "Herons nest in reeds: a summary.", tags: ["birds"], engine: "offline",
                                           updatedAt: Date(timeIntervalSince1970: 1_700_000_600.25)), id: 1, url: "https://example.com/herons")
        let highlights = try HighlightStore(database: database, now: { Date(timeIntervalSince1970: 1_780_000_000.5) })
        _ = try highlights.add(HighlightDraft(quote: "Grey herons leave\nin October", prefix: "When ", suffix: " each", note: "Autumn: \"really\"."),
                               source: "embedded", bookmarkID: 1, url: "https://example.com/herons")
        _ = try highlights.add(HighlightDraft(quote: "They nest in reeds"), source: "embedded", bookmarkID: 1, url: "https://example.com/herons")
        _ = try highlights.add(HighlightDraft(quote: "A line", note: "---"), source: "embedded", bookmarkID: 3, url: "https://example.com/hostile/0")
        return marks
    }

    /// The export without its `exported_at`, which says when.
    private static func withoutDate(_ text: String) -> String {
        text.replacingOccurrences(of: #""exported_at":"[^"]*""#, with: "", options: .regularExpression)
    }

    @Test func jsonRoundTripsIntoAnEmptyLibraryAndTwiceChangesNothing() async throws {
        let first = try await library()
        defer { first.cleanUp() }
        let exported = try await first.run(["export", "--format", "json", "--output", "library.json"])
        #expect(exported.code == 0 && exported.stdout == "Exported 9 bookmarks to library.json.\n", "\(exported.stdout) \(exported.stderr)")
        let text = try String(contentsOf: first.home.appendingPathComponent("library.json"), encoding: .utf8)
        #expect(text.hasPrefix("{\"format\":\"marks-export\",\"version\":2,\"exported_at\":\""))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let bookmarks = try #require(parsed["bookmarks"] as? [[String: Any]])
        #expect(bookmarks.count == 9)
        let herons = try #require(bookmarks.first { $0["url"] as? String == "https://example.com/herons" })
        #expect(herons["notes"] as? String == "Seen at the lake.\nTwice." && herons["unread"] as? Bool == true && herons["shared"] as? Bool == true)
        #expect(herons["date_added"] as? String == "2023-11-14T22:13:20Z")
        #expect((herons["ai"] as? [String: Any])?["engine"] as? String == "offline")
        #expect((herons["ai"] as? [String: Any])?["updated_at"] as? String == "2023-11-14T22:23:20.250000Z")
        let marked = try #require(herons["highlights"] as? [[String: Any]])
        #expect(marked.map { $0["quote"] as? String } == ["Grey herons leave\nin October", "They nest in reeds"])
        #expect(marked.first?["prefix"] as? String == "When " && marked.first?["note"] as? String == "Autumn: \"really\".")
        #expect(bookmarks.first { $0["url"] as? String == "https://example.com/old" }?["archived"] as? Bool == true)
        #expect(bookmarks.contains { $0["title"] as? String == "Two\nlines" })

        let second = try MarksBinary()
        defer { second.cleanUp() }
        try Data(text.utf8).write(to: second.home.appendingPathComponent("library.json"))
        let imported = try await second.run(["import", "library.json", "--json"])
        #expect(imported.code == 0, "\(imported.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any])
        #expect(report["created"] as? Int == 9 && report["highlights_added"] as? Int == 3 && report["ai_restored"] as? Int == 1, "\(report)")
        let again = try await second.run(["export", "--format", "json"])
        #expect(again.code == 0, "\(again.stderr)")
        #expect(Self.withoutDate(again.stdout) == Self.withoutDate(text), "the same file but for exported_at")

        let twice = try await second.run(["import", "library.json", "--json"])
        let secondReport = try #require(try JSONSerialization.jsonObject(with: Data(twice.stdout.utf8)) as? [String: Any])
        #expect(secondReport["created"] as? Int == 0 && secondReport["highlights_added"] as? Int == 0, "\(secondReport)")
        #expect(Self.withoutDate(try await second.run(["export", "--format", "json"]).stdout) == Self.withoutDate(text), "twice changes nothing")
        let listed = try await second.run(["highlights"]).stdout
        #expect(listed.contains("“Grey herons leave in October”") && listed.contains("note: Autumn: \"really\"."), "on the new ids: \(listed)")
    }

    @Test func aFileCutShortNewerOrWrongChangesNothing() async throws {
        let first = try await library()
        defer { first.cleanUp() }
        let text = try await first.run(["export", "--format", "json"]).stdout
        let empty = try MarksBinary()
        defer { empty.cleanUp() }
        let lastEntry = try #require(text.range(of: "\n{\"archived\"", options: .backwards))
        let wrongEntry = text.replacingCharacters(in: lastEntry, with: "\n{\"url\":5,\"archived\"")
        let cases: [(name: String, text: String, message: String)] = [
            ("cut.json", String(text.prefix(text.count / 2)), "not complete JSON"),
            ("newer.json", text.replacingOccurrences(of: "\"version\":2", with: "\"version\":3"), "version 3; this Marks reads up to version 2"),
            ("entry.json", wrongEntry, "Bookmark 9 of the file cannot be read"),
            ("dates.json", text.replacingOccurrences(of: "2023-11-14T22:13:20Z", with: "yesterday"), "Bookmark"),
            ("other.json", "{\"about\": \"marks-export\", \"format\": \"other\", \"version\": 1, \"bookmarks\": []}", "not a Marks export"),
            ("base64.json", text.replacingOccurrences(of: "\"sources\":[\n]", with: #""sources":[{"kind":"file","sha256":"0","created_at":"2024-01-01T00:00:00Z","original":"%%%"}]"#),
             "Source 1 of the file cannot be read: its original is not base64"),
            ("blank.json", text.replacingOccurrences(of: "\"sources\":[\n]", with: #""sources":[{"kind":"text","sha256":"0","created_at":"2024-01-01T00:00:00Z","text":"  "}]"#),
             "Source 1 of the file cannot be read: it has no text"),
            ("kind.json", text.replacingOccurrences(of: "\"sources\":[\n]", with: #""sources":[{"kind":"exe","sha256":"0","created_at":"2024-01-01T00:00:00Z","text":"a"}]"#),
             "Source 1 of the file cannot be read: its kind \"exe\""),
        ]
        for item in cases {
            try Data(item.text.utf8).write(to: empty.home.appendingPathComponent(item.name))
            let run = try await empty.run(["import", item.name])
            #expect(run.code == 1, "\(item.name): \(run.stdout)")
            #expect(run.stderr.contains(item.message) && run.stderr.contains("Nothing was imported."), "\(item.name): \(run.stderr)")
        }
        let after = try await empty.run(["export", "--format", "json"])
        #expect(after.stdout.hasSuffix("\"bookmarks\":[\n],\"sources\":[\n]}\n"), "nothing was written: \(after.stdout)")
    }

    /// Front matter of every note in `folder`, parsed by PyYAML, as JSON: file name → fields.
    private static func frontMatter(_ folder: URL) async throws -> [String: [String: Any]] {
        let script = """
            import json, os, sys, yaml
            out = {}
            for name in sorted(os.listdir(sys.argv[1])):
                text = open(os.path.join(sys.argv[1], name), encoding="utf-8").read()
                assert text.startswith("---\\n"), name
                end = text.index("\\n---\\n", 4)
                fields = yaml.safe_load(text[4:end])
                out[name] = {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in fields.items()}
            print(json.dumps(out))
            """
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: Any]])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3 with PyYAML"))
    func markdownFolderAndZipParseAsYAML() async throws {
        let marks = try await library()
        defer { marks.cleanUp() }
        let written = try await marks.run(["export", "--format", "markdown", "--output", "notes"])
        #expect(written.code == 0 && written.stdout == "Exported 9 notes to notes.\n", "\(written.stdout) \(written.stderr)")
        let folder = marks.home.appendingPathComponent("notes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 9)
        #expect(names.allSatisfy { $0.hasSuffix(".md") && !$0.hasPrefix(".") && !$0.contains("/") && !$0.contains("..") }, "\(names)")
        #expect(names.contains { $0.hasPrefix("grey-herons-") } && names.contains { $0.hasPrefix("etc-passwd-") }, "\(names)")
        let fields = try await Self.frontMatter(folder)
        #expect(Set(fields.compactMap { $0.value["title"] as? String }) == Set(Self.hostileTitles.map { $0 == "   " ? "https://example.com/hostile/5" : $0 } + ["Grey herons", "An old page"]))
        let herons = try #require(fields.first { $0.key.hasPrefix("grey-herons-") }?.value)
        #expect(herons["url"] as? String == "https://example.com/herons" && herons["tags"] as? [String] == ["birds", "lakes"])
        #expect(herons["unread"] as? Bool == true && herons["archived"] as? Bool == false && herons["shared"] as? Bool == true)
        #expect((herons["created"] as? String)?.hasPrefix("2023-11-14T22:13:20") == true, "\(herons)")
        #expect(herons["source"] as? String == "embedded" && herons["id"] as? Int == 1)
        let old = try #require(fields.first { $0.key.hasPrefix("an-old-page-") }?.value)
        #expect(old["archived"] as? Bool == true && old["tags"] as? [String] == ["old"])
        let heronNote = try String(contentsOf: folder.appendingPathComponent(try #require(names.first { $0.hasPrefix("grey-herons-") })), encoding: .utf8)
        #expect(heronNote.contains("## AI summary\n\nHerons nest in reeds: a summary.\n\n*Made by offline.*"))
        #expect(heronNote.contains("## Notes\n\nSeen at the lake.\nTwice."))
        #expect(heronNote.contains("## Highlights\n\n> Grey herons leave\n> in October\n\nAutumn: \"really\".\n\n> They nest in reeds"))
        let plain = try String(contentsOf: folder.appendingPathComponent(try #require(names.first { $0.hasPrefix("an-old-page-") })), encoding: .utf8)
        #expect(!plain.contains("AI summary"), "no summary, no label")

        let rerun = try await marks.run(["export", "--format", "markdown", "--output", "notes"])
        let renamed = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(rerun.code == 0 && renamed == names, "stable names")

        let zipped = try await marks.run(["export", "--format", "markdown", "--output", "notes.zip", "--with-text"])
        #expect(zipped.code == 0, "\(zipped.stderr)")
        let unpacked = marks.home.appendingPathComponent("unpacked")
        let unzip = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            z.extractall(sys.argv[2])
            print("\\n".join(sorted(z.namelist())))
            """, marks.home.appendingPathComponent("notes.zip").path, unpacked.path])
        #expect(unzip.status == 0, "\(unzip.stderr)")
        #expect(unzip.stdout == names.map { "marks/" + $0 }.joined(separator: "\n") + "\n")
        for name in names {
            let fromZip = try Data(contentsOf: unpacked.appendingPathComponent("marks/" + name))
            let fromFolder = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(fromZip == fromFolder, "\(name): the same note in the ZIP")
        }
        #expect(try await marks.run(["export", "--format", "markdown"]).code == 64)
        #expect(try await marks.run(["export", "--with-text", "x.json", "--format", "json"]).code == 64)
    }

    /// `--with-text`: a page archived from loopback (`PageTextSearchTests`' library) comes in its note as its
    /// paragraphs; without it the note has none.
    @Test(.timeLimit(.minutes(5))) func withTextAddsTheArchivedPage() async throws {
        let marks = try await PageTextSearchTests.archivedLibrary()
        defer { marks.cleanUp() }
        for (folder, withText) in [("with", true), ("without", false)] {
            let run = try await marks.run(["export", "--format", "markdown", "-o", folder] + (withText ? ["--with-text"] : []))
            #expect(run.code == 0, "\(run.stderr)")
            let url = marks.home.appendingPathComponent(folder)
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: url.path).first { $0.hasPrefix("isolated-python-environments-") })
            let note = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
            #expect(note.contains("## Archived text\n\nKeeping projects apart means") == withText, "\(note)")
            #expect(note.contains("calls logging.basicConfig with handlers") == withText)
        }
    }

    /// Version 2 keeps what version 1 lost: each page's archived text, where its reading stopped, and the sources (a
    /// pasted text and a file, with a highlight). Into an empty library whose pages cannot be fetched (the server is
    /// gone), the text is searchable and the export the same; `--without-text` leaves the page text out; a page whose
    /// tokens are not the reader's allow-listed ones is refused with nothing written.
    @Test(.timeLimit(.minutes(5))) func jsonKeepsPageTextReadingAndSources() async throws {
        let first = try await PageTextSearchTests.archivedLibrary()
        defer { first.cleanUp() }
        let data = first.home.appendingPathComponent("data/marks")
        let reading = ReadingStateStore(directory: data, log: { _ in })
        reading.recordProgress(0.4, for: 1)
        reading.recordPosition(try #require(ReadingPosition(block: 3, within: 0.5, quote: "Keeping projects apart", fraction: 0.4)), for: 1)
        let pasted = try await first.run(["source", "add", "Grey herons nest in tall reeds beside the lake.", "--title", "Heron notes", "--tags", "birds"])
        #expect(pasted.code == 0, "\(pasted.stderr)")
        try "# Field list\n\nCoots, grebes and a kingfisher.\n".write(to: first.home.appendingPathComponent("field.md"), atomically: true, encoding: .utf8)
        let file = try await first.run(["source", "import", "field.md", "--tags", "lists"])
        #expect(file.code == 0, "\(file.stderr)")
        let listed = try PageTextSearchTests.object("{\"s\":" + (try await first.run(["source", "list", "--json"])).stdout + "}")
        let sources = try #require(listed["s"] as? [[String: Any]])
        let heron = try #require(sources.first { $0["title"] as? String == "Heron notes" }?["id"] as? String)
        let highlights = try HighlightStore(database: try Database(path: data.appendingPathComponent("marks.sqlite").path), now: { Date(timeIntervalSince1970: 1_780_000_000) })
        _ = try highlights.add(HighlightDraft(quote: "nest in tall reeds", note: "Spring"), documentID: try #require(UUID(uuidString: heron)))
        // An offline summary made after the page was fetched: it has read the text, so the import must not queue it to be made again.
        let cache = try BookmarkCache(database: try Database(path: data.appendingPathComponent("marks.sqlite").path), sourceKey: "embedded")
        let venvURL = try #require(try PageTextSearchTests.object(try await first.run(["show", "1", "--json"]).stdout)["url"] as? String)
        #expect(venvURL.hasSuffix("/venv"))
        try cache.setAIMetadata(AIMetadata(summary: "Keeping projects apart with venv.", tags: ["python"], engine: "offline",
                                           updatedAt: Date()), id: 1, url: venvURL)

        let exported = try await first.run(["export", "--format", "json", "--output", "library.json"])
        #expect(exported.code == 0, "\(exported.stderr)")
        let text = try String(contentsOf: first.home.appendingPathComponent("library.json"), encoding: .utf8)
        let parsed = try PageTextSearchTests.object(text)
        let bookmarks = try #require(parsed["bookmarks"] as? [[String: Any]])
        let venv = try #require(bookmarks.first { ($0["url"] as? String)?.hasSuffix("/venv") == true })
        #expect(((venv["page"] as? [String: Any])?["tokens"] as? [[String]])?.contains(where: { $0.first == "t" && $0.last?.contains("Keeping projects apart") == true }) == true)
        #expect((venv["reading"] as? [String: Any])?["progress"] as? Double == 0.4)
        let kept = try #require(parsed["sources"] as? [[String: Any]])
        #expect(kept.count == 2 && kept.contains { $0["text"] as? String == "Grey herons nest in tall reeds beside the lake." && ($0["highlights"] as? [Any])?.count == 1 })
        #expect(kept.contains { $0["filename"] as? String == "field.md" && $0["original"] as? String == Data("# Field list\n\nCoots, grebes and a kingfisher.\n".utf8).base64EncodedString() })

        let second = try MarksBinary()
        defer { second.cleanUp() }
        try Data(text.utf8).write(to: second.home.appendingPathComponent("library.json"))
        let imported = try await second.run(["import", "library.json", "--json"])
        #expect(imported.code == 0, "\(imported.stderr)")
        let report = try PageTextSearchTests.object(imported.stdout)
        #expect(report["pages_restored"] as? Int == 2 && report["reading_restored"] as? Int == 1 && report["sources_added"] as? Int == 2, "\(report)")
        #expect(!imported.stderr.contains("summaries"), "\(imported.stderr)")
        let jobs = try await second.run(["jobs", "--json"])
        #expect(!jobs.stdout.contains("resummarize"), "a summary newer than its page is not made again: \(jobs.stdout)")
        let again = try await second.run(["export", "--format", "json"])
        #expect(Self.withoutDate(again.stdout) == Self.withoutDate(text), "the same file but for exported_at")
        let found = try await second.run(["search", "basicConfig", "--json"])
        #expect(found.stdout.contains("/logging"), "the restored page text is searchable: \(found.stdout)")
        let marked = try await second.run(["highlights"])
        #expect(marked.stdout.contains("nest in tall reeds") && marked.stdout.contains("Spring"), "the source's highlight: \(marked.stdout)")

        let twice = try await second.run(["import", "library.json", "--json"])
        let secondReport = try PageTextSearchTests.object(twice.stdout)
        #expect(secondReport["pages_restored"] as? Int == 0 && secondReport["reading_restored"] as? Int == 0 && secondReport["sources_added"] as? Int == 0, "\(secondReport)")
        #expect(Self.withoutDate(try await second.run(["export", "--format", "json"]).stdout) == Self.withoutDate(text), "twice changes nothing")

        let slim = try await first.run(["export", "--format", "json", "--without-text"])
        #expect(slim.code == 0 && !slim.stdout.contains("\"tokens\"") && slim.stdout.contains("\"reading\""))

        let empty = try MarksBinary()
        defer { empty.cleanUp() }
        let smuggled = text.replacingOccurrences(of: "[\"s\",\"p\"", with: "[\"s\",\"script\"")
        #expect(smuggled != text)
        try Data(smuggled.utf8).write(to: empty.home.appendingPathComponent("bad.json"))
        let refused = try await empty.run(["import", "bad.json"])
        #expect(refused.code == 1 && refused.stderr.contains("its page text") && refused.stderr.contains("Nothing was imported."), "\(refused.stderr)")
        let none = try await empty.run(["export", "--format", "json"])
        #expect(none.stdout.hasSuffix("\"bookmarks\":[\n],\"sources\":[\n]}\n"), "nothing was written: \(none.stdout)")
    }
}
