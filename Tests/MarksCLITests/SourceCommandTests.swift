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
}
