import MarksTestSupport
import Foundation
import Testing

/// `marks delete` and `marks trash` end to end over the embedded store: the delete waits in the trash, a restore
/// brings it back with its id and tags, purge and empty are final.
@Suite struct TrashCommandTests {
    @Test func deleteListRestorePurgeAndEmpty() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        for (path, title) in [("one", "First"), ("two", "Second"), ("three", "Third")] {
            let added = try await marks.run(["add", "https://example.com/\(path)", "--title", title, "--tags", "kept", "--no-enrich"])
            #expect(added.code == 0, "\(added.stderr)")
        }
        #expect(try await marks.run(["trash"]).stdout == "The trash is empty.\n")
        #expect(try await marks.run(["delete", "1"]).code == 0)
        #expect(try await marks.run(["delete", "2"]).code == 0)
        #expect(!(try await marks.run(["list"])).stdout.contains("First"), "gone from the list")
        let listed = try await marks.run(["trash"])
        #expect(listed.stdout.contains("First") && listed.stdout.contains("https://example.com/two"), "\(listed.stdout)")
        let json = try await marks.run(["trash", "--json"])
        #expect(json.stdout.contains(#""restore":"exact""#), "\(json.stdout)")

        let restored = try await marks.run(["trash", "restore", "1", "--json"])
        #expect(restored.stdout == #"{"id":1,"previous_id":1,"status":"restored"}"# + "\n", "\(restored.stdout) \(restored.stderr)")
        let shown = try await marks.run(["show", "1"])
        #expect(shown.stdout.contains("First") && shown.stdout.contains("kept"), "\(shown.stdout)")
        #expect(try await marks.run(["trash", "restore", "1"]).code == 1, "nothing left to restore")
        #expect(try await marks.run(["trash", "restore", "x"]).code == 64)

        #expect(try await marks.run(["trash", "purge", "2"]).stdout == "Deleted bookmark 2 for good.\n")
        #expect(try await marks.run(["delete", "3"]).code == 0)
        #expect(try await marks.run(["trash", "empty"]).stdout == "Deleted 1 trashed bookmark for good.\n")
        #expect(try await marks.run(["trash"]).stdout == "The trash is empty.\n")
    }
}
