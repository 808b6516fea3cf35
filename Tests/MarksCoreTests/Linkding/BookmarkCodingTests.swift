import Foundation
import Testing
@testable import MarksCore

@Suite struct BookmarkCodingTests {
    static let sample = """
    {"id":7,"url":"https://example.com/a","title":"A","description":"d","notes":"n",
     "web_archive_snapshot_url":"https://web.archive.org/web/20240115103000/https://example.com/a",
     "favicon_url":null,"preview_image_url":"https://example.com/p.png","is_archived":false,"unread":true,
     "shared":false,"tag_names":["b","a"],"date_added":"2024-01-15T10:30:00Z",
     "date_modified":"2026-11-29T12:01:55.218339+01:00","website_title":null,"website_description":null}
    """

    @Test func decodesTheContractAndReencodesInOrder() throws {
        let bookmark = try JSONDecoder().decode(Bookmark.self, from: Data(Self.sample.utf8))
        #expect(bookmark.id == 7)
        #expect(bookmark.unread)
        #expect(bookmark.tagNames == ["b", "a"])
        #expect(bookmark.domain == "example.com")
        let json = bookmark.jsonValue.serialized
        let keys = ["\"id\"", "\"url\"", "\"title\"", "\"description\"", "\"notes\"", "\"web_archive_snapshot_url\"",
                    "\"favicon_url\"", "\"preview_image_url\"", "\"is_archived\"", "\"unread\"", "\"shared\"",
                    "\"tag_names\"", "\"date_added\"", "\"date_modified\"", "\"website_title\"", "\"website_description\""]
        let positions = try keys.map { try #require(json.range(of: $0)).lowerBound }
        #expect(positions == positions.sorted())
        #expect(json.contains("\"date_modified\":\"2026-11-29T11:01:55.218339Z\""))
        let again = try JSONDecoder().decode(Bookmark.self, from: bookmark.jsonValue.data)
        #expect(again == bookmark)
    }

    @Test(arguments: [
        #"{"id":"seven","url":"https://x.y"}"#,
        #"{"url":"https://x.y"}"#,
        #"{"id":1,"url":"https://x.y","date_added":"yesterday"}"#,
        #"{"id":1,"url":"https://x.y","tag_names":"a,b"}"#,
        #"{"id":1,"url":"https://x.y","unread":"yes"}"#,
        #"<html>not json</html>"#,
    ])
    func wrongTypesAreDecodingErrors(json: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Bookmark.self, from: Data(json.utf8)) }
    }

    @Test func updateCarriesOnlyChangedFields() throws {
        let original = try JSONDecoder().decode(Bookmark.self, from: Data(Self.sample.utf8))
        var edited = original
        edited.title = "New"
        edited.tagNames = []
        let update = BookmarkUpdate(from: original, to: edited)
        #expect(update.jsonValue.serialized == #"{"title":"New","tag_names":[]}"#)
        #expect(update.applied(to: original) == edited)
        #expect(BookmarkUpdate(from: original, to: original).isEmpty)
    }

    @Test func jsonEscapesControlCharactersAndKeepsUnicode() {
        let value = JSONValue.object([("s", .string("a\"b\\c\n\u{1}é/🙂\u{2028}"))])
        #expect(value.serialized == "{\"s\":\"a\\\"b\\\\c\\n\\u0001é/🙂\\u2028\"}")
        let decoded = try? JSONSerialization.jsonObject(with: value.data) as? [String: String] // safe: test only
        #expect(decoded?["s"] == "a\"b\\c\n\u{1}é/🙂\u{2028}")
    }
}
