import MarksTestSupport
import Foundation
import MarksCore
import Testing
@testable import MarksCLI

/// `marks tags rename OLD NEW` and `marks tags delete NAME`, end to end on the embedded store.
@Suite struct TagsCommandTests {
    @Test func renameMergesAndDeleteRemovesOnEveryBookmark() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        #expect(await h.run(["add", "https://example.com/a", "--title", "A", "--tags", "js,javascript"]) == 0, "\(h.stderr)")
        #expect(await h.run(["add", "https://example.com/b", "--title", "B", "--tags", "js,old"]) == 0, "\(h.stderr)")
        h.reset()
        #expect(await h.run(["tags", "rename", "js", "javascript"]) == 0, "\(h.stderr)")
        #expect(h.stdout == "Renamed #js to #javascript on 2 bookmarks.\n")
        h.reset()
        #expect(await h.run(["tags", "delete", "old", "--json"]) == 0, "\(h.stderr)")
        #expect(h.stdout.contains(#""bookmarks_changed":1"#))
        h.reset()
        #expect(await h.run(["tags", "--json"]) == 0)
        #expect(h.stdout.contains(#""name":"javascript","count":2"#), "\(h.stdout)")
        #expect(!h.stdout.contains(#""name":"js""#) && !h.stdout.contains(#""name":"old""#))
        h.reset()
        #expect(await h.run(["tags", "rename", "js"]) == 64)
    }
}
