import Foundation
import Testing
@testable import MarksCore

@Suite struct TagNamesAndURLTests {
    @Test func cleansLikeLinkding() throws {
        #expect(try TagNames.clean(["  swift  ", "self hosted", "a,b", "Swift", "#tag"]) == ["swift", "self-hosted", "a", "b", "#tag"])
        #expect(throws: TagNames.BlankEntry(index: 2)) { try TagNames.clean(["a", "b", "   "]) }
        #expect(TagNames.parse("a, b c,,  d ") == ["a", "b-c", "d"])
        #expect(TagNames.parse("a b,c", spaceSeparates: true) == ["a", "b", "c"])
        #expect(TagNames.sorted(["b", "B", "a", "A"]) == ["A", "B", "a", "b"])
    }

    @Test(arguments: [
        ("HTTPS://Example.COM/Path/?b=2&a=1", "https://example.com/Path?a=1&b=2"),
        ("https://example.com/", "https://example.com"),
        ("https://example.com/a#Frag", "https://example.com/a#Frag"),
        ("  https://example.com:8080/x//  ", "https://example.com:8080/x"),
        ("not a url", "not a url"),
    ])
    func normalizes(input: String, expected: String) {
        #expect(URLNormalizer.normalize(input) == expected)
    }

    @Test(arguments: [
        ("https://example.com", true), ("http://a.b/c?d", true), ("http://localhost:8080/", true),
        ("http://[::1]:80/", true), ("http://intranet/", false), ("ftp://example.com", false),
        ("javascript:alert(1)", false), ("https://", false), ("example.com", false), ("https://exa mple.com", false),
        ("https://a..b", false),
    ])
    func validatesWebURLs(url: String, valid: Bool) {
        #expect(URLNormalizer.isValidWebURL(url) == valid)
    }

    @Test func validatesLongURLs() {
        #expect(!URLNormalizer.isValidWebURL("https://example.com/" + String(repeating: "a", count: 2100)))
    }

    @Test func serverConfigBuildsTheBaseURL() {
        let config = ServerConfig(host: "links.example.com", port: 8443, path: "/linkding/", token: "t")
        #expect(config.baseURL?.absoluteString == "https://links.example.com:8443/linkding")
        #expect(config.problems.isEmpty)
        #expect(!ServerConfig(host: "https://x.com", token: "").problems.isEmpty)
    }
}
