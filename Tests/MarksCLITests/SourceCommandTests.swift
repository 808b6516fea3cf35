import Foundation
import MarksTestSupport
import StandInNetwork
import Testing

/// `marks source …` and `marks search` with sources, through the real binary on a fresh data directory.
@Suite struct SourceCommandTests {
    @Test func addImportListSearchEditDeleteRestore() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let added = try await marks.run(["source", "add", "--title", "Heron notes", "--tags", "birds", "herons fly south in october"])
        #expect(added.code == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Added "))
        let piped = try await marks.run(["source", "add", "-"], stdin: "Otter notes\notters eat clams")
        #expect(piped.code == 0, "\(piped.stderr)")
        try Data(TestPDF.make([.text(["Walrus migration report"])])).write(to: marks.home.appendingPathComponent("walrus-2024.pdf"))
        let imported = try await marks.run(["source", "import", "walrus-2024.pdf", "--tags", "work"])
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("pdf"))

        let list = try await marks.run(["source", "list", "--json"])
        let sources = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(sources.count == 3)
        let pdf = try #require(sources.first { $0["kind"] as? String == "pdf" })
        let id = try #require(pdf["id"] as? String)
        #expect(pdf["page_count"] as? Int == 1)
        #expect(pdf["original_filename"] as? String == "walrus-2024.pdf")

        let byFilename = try await marks.run(["source", "search", "walrus"])
        #expect(byFilename.stdout.contains(String(id.prefix(8))))
        let everywhere = try await marks.run(["search", "october"])
        #expect(everywhere.code == 0, "\(everywhere.stderr)")
        #expect(everywhere.stdout.contains("source "))
        #expect(everywhere.stdout.contains("Heron notes"))
        let bookmarksOnly = try await marks.run(["search", "--bookmarks-only", "october"])
        #expect(!bookmarksOnly.stdout.contains("Heron notes"))

        let edited = try await marks.run(["source", "edit", String(id.prefix(8)), "--title", "Walrus report"])
        #expect(edited.code == 0, "\(edited.stderr)")
        let shown = try await marks.run(["source", "show", String(id.prefix(8))])
        #expect(shown.stdout.contains("title:     Walrus report"))
        #expect(shown.stdout.contains("Walrus migration report"))
        let path = try await marks.run(["source", "open", "--print", String(id.prefix(8))])
        #expect(path.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("/sources/files/\(id)/original"))

        let deleted = try await marks.run(["source", "delete", String(id.prefix(8))])
        #expect(deleted.code == 0, "\(deleted.stderr)")
        #expect(try await marks.run(["source", "search", "walrus"]).stdout.contains("No sources match"))
        let restored = try await marks.run(["source", "restore", String(id.prefix(8))])
        #expect(restored.code == 0, "\(restored.stderr)")
        #expect(try await marks.run(["source", "search", "walrus"]).stdout.contains(String(id.prefix(8))))

        let duplicate = try await marks.run(["source", "import", "walrus-2024.pdf"])
        #expect(duplicate.stdout.hasPrefix("Already kept: "))
        let missing = try await marks.run(["source", "show", "ffffffff"])
        #expect(missing.code == 1)
        #expect(missing.stderr.contains("No source ffffffff."))
    }

    @Test func trashListsDeletedSourcesAndPurgeRemovesThemForGood() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        for (name, text) in [("a.txt", "first notes on puffins"), ("b.txt", "second notes on gannets"), ("c.txt", "third notes on terns")] {
            try Data(text.utf8).write(to: marks.home.appendingPathComponent(name))
        }
        let imported = try await marks.run(["source", "import", "a.txt", "b.txt", "c.txt", "--json"])
        #expect(imported.code == 0, "\(imported.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [[String: Any]])
        let ids = rows.compactMap { $0["id"] as? String }
        #expect(ids.count == 3)
        #expect(try await marks.run(["source", "trash"]).stdout.contains("The sources' trash is empty."))
        let live = try await marks.run(["source", "purge", String(ids[2].prefix(8))])
        #expect(live.code == 1)
        #expect(live.stderr.contains("is not in the trash"))
        for id in ids.prefix(2) { #expect(try await marks.run(["source", "delete", String(id.prefix(8))]).code == 0) }

        let trash = try await marks.run(["source", "trash", "--json"])
        let trashed = try #require(try JSONSerialization.jsonObject(with: Data(trash.stdout.utf8)) as? [[String: Any]])
        #expect(Set(trashed.compactMap { $0["id"] as? String }) == Set(ids.prefix(2)))
        #expect(trashed.allSatisfy { $0["date_deleted"] is String })
        #expect(try await marks.run(["source", "trash"]).stdout.contains("deleted "))

        let one = try await marks.run(["source", "purge", String(ids[0].prefix(8))])
        #expect(one.code == 0, "\(one.stderr)")
        #expect(one.stdout.contains("for good"))
        let files = marks.home.appendingPathComponent("data/marks/sources/files")
        #expect(FileManager.default.fileExists(atPath: files.appendingPathComponent(ids[1]).path), "the other trashed source's file stays")
        #expect(!FileManager.default.fileExists(atPath: files.appendingPathComponent(ids[0]).path))
        #expect(try await marks.run(["source", "restore", String(ids[0].prefix(8))]).code == 1)
        let usage = try await marks.run(["source", "purge"])
        #expect(usage.code == 64)
        let all = try await marks.run(["source", "purge", "--all", "--json"])
        #expect(all.code == 0, "\(all.stderr)")
        #expect(all.stdout.contains("\"purged\":1"))
        #expect(try await marks.run(["source", "trash"]).stdout.contains("The sources' trash is empty."))
        #expect(try await marks.run(["source", "list"]).stdout.contains(String(ids[2].prefix(8))))
    }
}
