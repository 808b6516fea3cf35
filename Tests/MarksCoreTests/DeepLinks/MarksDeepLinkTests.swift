import Foundation
import Testing
@testable import MarksCore

@Suite struct MarksDeepLinkTests {
    @Test func buildsAndParsesBookmarkLinks() throws {
        let url = MarksDeepLink.bookmarkURL(id: 42, url: "https://example.com/a?x=1&y=2#frag")
        #expect(url.absoluteString == "marks://bookmark?id=42&url=https://example.com/a%3Fx%3D1%26y%3D2%23frag")
        #expect(try MarksDeepLink.parse(url.absoluteString) == .bookmark(id: 42, url: "https://example.com/a?x=1&y=2#frag"))
        let podcast = MarksDeepLink.podcastURL(url: "marks-source://4C5D")
        #expect(try MarksDeepLink.parse(podcast.absoluteString) == .podcast(url: "marks-source://4C5D"))
        #expect(try MarksDeepLink.parse("marks://bookmark?id=7") == .bookmark(id: 7, url: nil))
    }

    @Test(arguments: [
        ("https://example.com", MarksDeepLink.ParseError.notMarksLink),
        ("marks://bookmark", .missingParameter("id or url")),
        ("marks://bookmark?id=-1", .invalidParameter("id")),
        ("marks://bookmark?id=1e9999", .invalidParameter("id")),
        ("marks://bookmark?url=javascript:alert(1)", .invalidParameter("url")),
        ("marks://bookmark?url=file:///etc/passwd", .invalidParameter("url")),
        ("marks://podcast", .missingParameter("url")),
        ("marks://podcast?url=data:text/html,hi", .invalidParameter("url")),
        ("marks://delete-everything?id=1", .unknownKind("delete-everything")),
        ("marks://%00", .unknownKind("\u{0}")),
    ])
    func refusesMissingAndHostileParameters(link: String, expected: MarksDeepLink.ParseError) {
        #expect(throws: expected) { try MarksDeepLink.parse(link) }
    }

    /// The builder never drops the URL (it used to fall back to an empty string when encoding failed): every
    /// URL round-trips, whatever its characters.
    @Test(arguments: [
        "https://example.com/a b?q=ä&r=€#x", "https://例え.jp/パス?名前=値", "https://example.com/😀?e=🎉+1",
        "https://example.com/%41%zz?a=%26", "https://example.com/[v6]?x='y'(z)*!$,;:@~", "https://h.example/" + String(repeating: "é", count: 300),
    ])
    func everyURLRoundTripsThroughABookmarkLink(url: String) throws {
        let link = MarksDeepLink.bookmarkURL(id: 3, url: url)
        #expect(try MarksDeepLink.parse(link.absoluteString) == .bookmark(id: 3, url: url))
        #expect(try MarksDeepLink.parse(MarksDeepLink.podcastURL(url: url).absoluteString) == .podcast(url: url))
        #expect(link.absoluteString.count > "marks://bookmark?id=3&url=".count + url.unicodeScalars.count - 1)
    }

    @Test func refusesHugeLinks() {
        #expect(throws: MarksDeepLink.ParseError.notMarksLink) {
            try MarksDeepLink.parse("marks://bookmark?url=https://x.com/" + String(repeating: "a", count: 10_000))
        }
    }
}
