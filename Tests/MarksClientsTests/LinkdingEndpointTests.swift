import Foundation
import HTTPClient
import Testing
import MarksClients
import MarksCore

@Suite struct LinkdingEndpointTests {
    static let base = "https://links.example.com:8443/linkding"
    static let date = Date(timeIntervalSince1970: 1_705_314_600)  // 2024-01-15T10:30:00Z

    /// (endpoint, method, URL, body or nil)
    static let table: [(LinkdingEndpoint, String, String, String?)] = [
        (.health, "GET", base + "/health", nil),
        (.listBookmarks(BookmarkListQuery()), "GET", base + "/api/bookmarks/?limit=100", nil),
        (.listBookmarks(BookmarkListQuery(archived: true)), "GET", base + "/api/bookmarks/archived/?limit=100", nil),
        (.listBookmarks(BookmarkListQuery(
            search: "c++ & #swift", limit: 50, offset: 200, unread: true, shared: false, sort: .titleAsc,
            modifiedSince: date, addedSince: date.addingTimeInterval(0.5), bundle: 3)), "GET",
         base + "/api/bookmarks/?q=c%2B%2B%20%26%20%23swift&limit=50&offset=200&unread=yes&shared=no&sort=title_asc"
            + "&modified_since=2024-01-15T10:30:00Z&added_since=2024-01-15T10:30:00.500000Z&bundle=3", nil),
        (.bookmark(id: 7), "GET", base + "/api/bookmarks/7/", nil),
        (.checkBookmark(url: "https://example.com/a?b=1&c=d e#top"), "GET",
         base + "/api/bookmarks/check/?url=https://example.com/a%3Fb%3D1%26c%3Dd%20e%23top", nil),
        (.createBookmark(BookmarkDraft(url: "https://example.com/", title: "T", tagNames: ["a", "#b"]), scrape: false), "POST",
         base + "/api/bookmarks/?disable_scraping",
         ##"{"url":"https://example.com/","title":"T","description":"","notes":"","is_archived":false,"unread":false,"shared":false,"tag_names":["a","#b"]}"##),
        (.createBookmark(BookmarkDraft(url: "https://example.com/", unread: true, dateAdded: date), scrape: true), "POST",
         base + "/api/bookmarks/",
         #"{"url":"https://example.com/","title":"","description":"","notes":"","is_archived":false,"unread":true,"shared":false,"tag_names":[],"date_added":"2024-01-15T10:30:00Z"}"#),
        (.updateBookmark(id: 7, BookmarkUpdate(unread: true)), "PATCH", base + "/api/bookmarks/7/", #"{"unread":true}"#),
        (.updateBookmark(id: 7, BookmarkUpdate(title: "Naïve \"quote\"", tagNames: [])), "PATCH", base + "/api/bookmarks/7/",
         #"{"title":"Naïve \"quote\"","tag_names":[]}"#),
        (.updateBookmark(id: 7, BookmarkUpdate()), "PATCH", base + "/api/bookmarks/7/", "{}"),
        (.deleteBookmark(id: 7), "DELETE", base + "/api/bookmarks/7/", nil),
        (.archiveBookmark(id: 7), "POST", base + "/api/bookmarks/7/archive/", nil),
        (.unarchiveBookmark(id: 7), "POST", base + "/api/bookmarks/7/unarchive/", nil),
        (.listTags(limit: 10, offset: 0), "GET", base + "/api/tags/?limit=10", nil),
        (.listTags(limit: 10, offset: 20), "GET", base + "/api/tags/?limit=10&offset=20", nil),
    ]

    @Test(arguments: table)
    func buildsRequest(endpoint: LinkdingEndpoint, method: String, url: String, body: String?) throws {
        let request = try endpoint.request(config: .stub, timeout: 30)
        #expect(request.method == method)
        #expect(request.url.absoluteString == url)
        #expect(request.header("Accept") == "application/json")
        if case .health = endpoint {
            #expect(request.header("Authorization") == nil)
        } else {
            #expect(request.header("Authorization") == "Token 0123456789abcdef")
            #expect(request.path.hasSuffix("/"))
        }
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == body)
        #expect(request.header("Content-Type") == (body == nil ? nil : "application/json"))
        #expect(request.timeout == .seconds(30))
        #expect(request.connectTimeout == .seconds(10))
    }

    @Test(arguments: [("", "http://h.example/api/bookmarks/7/"), ("/", "http://h.example/api/bookmarks/7/"),
                      ("linkding", "http://h.example/linkding/api/bookmarks/7/"),
                      ("/a/b/", "http://h.example/a/b/api/bookmarks/7/")])
    func putsEveryPathUnderThePrefix(prefix: String, url: String) throws {
        let config = ServerConfig(host: "h.example", path: prefix, token: "t", useHTTPS: false)
        #expect(try LinkdingEndpoint.bookmark(id: 7).request(config: config, timeout: 30).url.absoluteString == url)
    }

    @Test(arguments: [(30.0, Duration.seconds(30)), (12.2, .milliseconds(12_200)), (1.0, .seconds(1)), (0.3, .milliseconds(300)),
                      (0, .milliseconds(1))])
    func keepsTimeoutsToTheMillisecond(configured: Double, sent: Duration) throws {
        #expect(try LinkdingEndpoint.health.request(config: .stub, timeout: configured).timeout == sent)
    }

    @Test func refusesAnAddressThatIsNotOne() {
        let config = ServerConfig(host: "bad host/with space", token: "t")
        #expect(throws: BookmarkSourceError.self) { try LinkdingEndpoint.health.request(config: config, timeout: 30) }
    }

    @Test(arguments: [
        ("c++", "c%2B%2B"),
        ("2024-01-15T10:30:00+00:00", "2024-01-15T10:30:00%2B00:00"),
        ("a&b=c#d%e f", "a%26b%3Dc%23d%25e%20f"),
        ("café 🙂", "caf%C3%A9%20%F0%9F%99%82"),
        ("https://x.org/p,q@r:1", "https://x.org/p,q@r:1"),
        ("!unread ?'()*;$", "%21unread%20%3F%27%28%29%2A%3B%24"),
        ("A-z_0.9~", "A-z_0.9~"),
    ])
    func percentEncodesQueryValues(raw: String, encoded: String) {
        #expect(LinkdingQuery.encodeComponent(raw) == encoded)
    }

    @Test func encodesPairsAndFlags() {
        #expect(LinkdingQuery.encode([("modified_since", "2024-01-15T10:30:00+00:00"), ("q", "c++")])
            == "modified_since=2024-01-15T10:30:00%2B00:00&q=c%2B%2B")
        #expect(LinkdingQuery.encode([("disable_scraping", nil), ("a b", "=")]) == "disable_scraping&a%20b=%3D")
        #expect(LinkdingQuery.encode([]) == "")
    }

    @Test(arguments: [
        // A reverse proxy's internal host in `next`: only path and query are kept.
        ("http://linkding:9090/linkding/api/bookmarks/?limit=100&offset=100",
         base + "/api/bookmarks/?limit=100&offset=100"),
        // The proxy stripped the prefix: it is put back.
        ("http://127.0.0.1:9090/api/bookmarks/archived/?limit=100&offset=100",
         base + "/api/bookmarks/archived/?limit=100&offset=100"),
        // The query stays encoded exactly as the server wrote it.
        ("http://linkding/linkding/api/bookmarks/?limit=5&offset=5&q=c%2B%2B&modified_since=2024-01-15T10%3A30%3A00%2B00%3A00",
         base + "/api/bookmarks/?limit=5&offset=5&q=c%2B%2B&modified_since=2024-01-15T10%3A30%3A00%2B00%3A00"),
        // A relative link.
        ("/linkding/api/tags/?limit=1&offset=1", base + "/api/tags/?limit=1&offset=1"),
        // A different public prefix seen by the server.
        ("https://links.example.com/other/api/tags/?offset=2", base + "/api/tags/?offset=2"),
    ])
    func followsLinksOnTheConfiguredOrigin(link: String, expected: String) throws {
        let request = try LinkdingEndpoint.pageLink(link).request(config: .stub, timeout: 30)
        #expect(request.url.absoluteString == expected)
        #expect(request.method == "GET")
        #expect(request.header("Authorization") == "Token 0123456789abcdef")
    }

    @Test func followsLinksWithoutAPrefix() throws {
        let config = ServerConfig(host: "links.example.com", token: "t")
        let request = try LinkdingEndpoint.pageLink("http://10.0.0.5:9090/api/bookmarks/?limit=100&offset=100")
            .request(config: config, timeout: 30)
        #expect(request.url.absoluteString == "https://links.example.com/api/bookmarks/?limit=100&offset=100")
    }

    @Test(arguments: ["http://evil.example/somewhere/else", "not a url at all", ""])
    func refusesLinksOutsideTheAPI(link: String) {
        #expect {
            try LinkdingEndpoint.pageLink(link).request(config: .stub, timeout: 30)
        } throws: { error in
            if case .malformedResponse = error as? BookmarkSourceError { return true }
            return false
        }
    }
}
