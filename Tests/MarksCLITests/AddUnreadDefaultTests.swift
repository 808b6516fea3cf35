import Foundation
import MarksTestSupport
import Testing

/// `marks add` saves unread by default (issue 37 item 1): `--read` saves as read, `--unread` says it outright, both
/// together are a usage error, and the web app's reading setting ("New saves are unread" off, in
/// `web_preferences.json`) makes read the default.
@Suite struct AddUnreadDefaultTests {
    @Test func newSavesAreUnreadUnlessToldOtherwise() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        func unread(_ arguments: [String]) async throws -> Bool? {
            let added = try await marks.run(["add"] + arguments + ["--no-enrich", "--json"])
            #expect(added.code == 0, "\(added.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
            return object?["unread"] as? Bool
        }
        #expect(try await unread(["https://example.com/one"]) == true, "unread by default")
        #expect(try await unread(["https://example.com/two", "--read"]) == false)
        #expect(try await unread(["https://example.com/three", "--unread"]) == true)
        let both = try await marks.run(["add", "https://example.com/four", "--read", "--unread"])
        #expect(both.code == 64 && both.stderr.contains("contradict"), "\(both.stderr)")

        let data = marks.home.appendingPathComponent("data/marks")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let preferences = data.appendingPathComponent("web_preferences.json")
        try Data(#"{"markReadAtEnd":true,"archiveMarksRead":true,"titleOpens":"reader","newSavesUnread":false}"#.utf8).write(to: preferences)
        #expect(try await unread(["https://example.com/five"]) == false, "the web app's setting decides")
        #expect(try await unread(["https://example.com/six", "--unread"]) == true)
    }
}
