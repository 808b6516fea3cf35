import Foundation
import MarksAppAPI
import Testing

/// Issue 35 item 12: docs/BACKEND_API.md said the JWT signing key is kept in `marks.sqlite`; it is a file of its own.
@Suite struct SigningKeyDocumentationTests {
    @Test func theBackendDocumentNamesTheKeyFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/BACKEND_API.md"), encoding: .utf8)
        let section = try #require(text.range(of: "### The token").map { String(text[$0.upperBound...].prefix(1200)) })
        #expect(section.contains("`\(SigningKeyStore.fileName)`"), "the token section names the key file")
        #expect(!section.contains("kept in the data directory's\n`marks.sqlite`"))
        #expect(!section.contains("kept in the data directory's `marks.sqlite`"))
    }
}
