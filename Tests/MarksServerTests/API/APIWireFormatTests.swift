import Foundation
import HTTPServer
import MarksCore
import Testing
@testable import MarksServer

/// The bytes on the wire: field order, status codes, error bodies, headers, redirects.
@Suite struct APIWireFormatTests {
    /// The keys of a JSON object, in the order they were sent.
    static func keys(_ data: Data) throws -> [String] {
        guard case .object(let fields) = try PythonJSONParser.parse(data) else { throw FixtureFailure("not an object") }
        return fields.map(\.0)
    }

    static let bookmarkKeys = ["id", "url", "title", "description", "notes", "web_archive_snapshot_url", "favicon_url",
                               "preview_image_url", "is_archived", "unread", "shared", "tag_names", "date_added",
                               "date_modified", "website_title", "website_description"]

    @Test func aBookmarkHasLinkdingsFieldsInLinkdingsOrder() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let created = try await fixture.json(.post, "/api/bookmarks/?disable_scraping",
                                             #"{"url": "https://example.com/a", "title": "A", "tag_names": ["b", "B", "a", "Zed"]}"#)
        #expect(created.status == 201)
        #expect(try Self.keys(created.body) == Self.bookmarkKeys)
        let object = try created.object()
        #expect(object["tag_names"] as? [String] == ["Zed", "a", "b"])
        #expect(object["favicon_url"] is NSNull && object["website_title"] is NSNull && object["website_description"] is NSNull)
        let added = try #require(object["date_added"] as? String)
        #expect(added == "2026-01-01T00:00:00.001000Z" || added.hasPrefix("2026-01-01T00:00:00.00"))
        #expect(object["web_archive_snapshot_url"] as? String == "https://web.archive.org/web/20260101000000/https://example.com/a")
        #expect(created.header("Location") == "https://example.com/a")
        #expect(created.header("Content-Type") == "application/json")
        let fetched = try await fixture.send(.get, "/api/bookmarks/\(object["id"] as? Int ?? 0)/")
        #expect(fetched.body == created.body)
        #expect(!fetched.text.contains(" "), "compact JSON, as DRF renders it")
    }

    @Test func pagesTagsBundlesAndChecksKeepTheirOrderToo() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        try await fixture.create(#"{"url": "https://example.com/", "tag_names": ["t"]}"#)
        #expect(try Self.keys(try await fixture.send(.get, "/api/bookmarks/").body) == ["count", "next", "previous", "results"])
        #expect(try Self.keys(try await fixture.send(.get, "/api/tags/1/").body) == ["id", "name", "date_added"])
        let bundle = try await fixture.json(.post, "/api/bundles/", #"{"name": "Reading"}"#)
        #expect(try Self.keys(bundle.body) == ["id", "name", "search", "any_tags", "all_tags", "excluded_tags", "filter_unread",
                                              "filter_shared", "order", "date_created", "date_modified"])
        let check = try await fixture.send(.get, "/api/bookmarks/check/?url=https%3A%2F%2FEXAMPLE.com")
        #expect(try Self.keys(check.body) == ["bookmark", "metadata", "auto_tags"])
        guard case .object(let fields) = try PythonJSONParser.parse(check.body), case .object(let metadata)? = fields.first(where: { $0.0 == "metadata" })?.1 else {
            Issue.record("no metadata object")
            return
        }
        #expect(metadata.map(\.0) == ["url", "title", "description", "preview_image"])
    }

    @Test func theProfileHealthAndRootAreLinkdingsBodies() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let health = try await fixture.send(.get, "/health", auth: .none)
        #expect(health.status == 200)
        #expect(health.text == #"{"version": "1.46.2", "status": "healthy"}"#)
        #expect(health.header("Content-Type") == "application/json")
        #expect(try await fixture.send(.get, "/api/").text == "{}")
        let profile = try await fixture.send(.get, "/api/user/profile/")
        #expect(profile.text == #"{"theme":"auto","bookmark_date_display":"relative","bookmark_link_target":"_blank","web_archive_integration":"disabled","tag_search":"strict","enable_sharing":false,"enable_public_sharing":false,"enable_favicons":false,"display_url":false,"permanent_notes":false,"search_preferences":{},"version":"1.46.2"}"#)
    }

    @Test(arguments: [
        ("/api/bookmarks", "/api/bookmarks/"),
        ("/api/bookmarks?q=a%2Bb&limit=5", "/api/bookmarks/?q=a%2Bb&limit=5"),
        ("/api/bookmarks/7", "/api/bookmarks/7/"),
        ("/api/bookmarks/7/archive", "/api/bookmarks/7/archive/"),
        ("/api/bookmarks/check?url=https://example.com", "/api/bookmarks/check/?url=https://example.com"),
        ("/api/tags", "/api/tags/"),
        ("/api/user/profile", "/api/user/profile/"),
        ("/api", "/api/"),
    ])
    func aPathWithoutItsSlashIsRedirectedPermanently(target: String, location: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        for method in [HTTPMethod.get, .post, .patch] {
            let reply = try await fixture.send(method, target, body: Data("{}".utf8), contentType: "application/json", auth: .none)
            #expect(reply.status == 301, "\(method) \(target)")
            #expect(reply.header("Location") == location)
            #expect(reply.body.isEmpty)
            #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
            #expect(reply.header("X-Content-Type-Options") == "nosniff" && reply.header("X-Frame-Options") == nil)
        }
    }

    @Test(arguments: ["/api/nothing/", "/api/nothing", "/api/bookmarks/1.5/", "/api/bookmarks/1/assets/x/y/", "/api/user/",
                      "/api/bookmarks/x/assets/", "/api/tags/1/extra/"])
    func anAddressLinkdingDoesNotKnowIsDjangosHTMLNotFound(target: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.get, target)
        #expect(reply.status == 404)
        #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
        #expect(reply.text.hasPrefix("\n<!doctype html>") && reply.text.contains("<h1>Not Found</h1>"))
        #expect(reply.header("X-Frame-Options") == "DENY" && reply.header("Allow") == nil)
    }

    @Test(arguments: [
        ("/api/bookmarks/999/", "No Bookmark matches the given query."),
        ("/api/bookmarks/abc/", "Not found."),
        ("/api/bookmarks/-1/", "No Bookmark matches the given query."),
        ("/api/bookmarks/99999999999999999999999/", "No Bookmark matches the given query."),
        ("/api/tags/abc/", "Not found."),
        ("/api/bundles/x/", "Not found."),
        ("/api/tags/999/", "No Tag matches the given query."),
        ("/api/bundles/999/", "No BookmarkBundle matches the given query."),
        ("/api/bookmarks/999/assets/", "Bookmark does not exist"),
    ])
    func aMissingObjectIsA404WithLinkdingsDetail(target: String, detail: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.get, target)
        #expect(reply.status == 404)
        #expect(reply.text == "{\"detail\":\"\(detail)\"}")
        for method in [HTTPMethod.patch, .put, .delete] where target == "/api/bookmarks/999/" {
            let other = try await fixture.json(method, target, "{}")
            #expect(other.status == 404, "\(method)")
        }
    }

    @Test(arguments: [
        (HTTPMethod.delete, "/api/bookmarks/", "GET, POST, HEAD, OPTIONS"),
        (.put, "/api/bookmarks/check/", "GET, HEAD, OPTIONS"),
        (.post, "/api/bookmarks/archived/", "GET, HEAD, OPTIONS"),
        (.get, "/api/bookmarks/1/archive/", "POST, OPTIONS"),
        (.post, "/api/bookmarks/1/", "GET, PUT, PATCH, DELETE, HEAD, OPTIONS"),
        (.patch, "/api/tags/1/", "GET, DELETE, HEAD, OPTIONS"),
        (.delete, "/api/user/profile/", "GET, HEAD, OPTIONS"),
        ("TRACE", "/api/tags/", "GET, POST, HEAD, OPTIONS"),
        ("BREW", "/api/tags/", "GET, POST, HEAD, OPTIONS"),
    ])
    func aMethodARouteDoesNotTakeIs405(method: HTTPMethod, target: String, allow: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(method, target)
        #expect(reply.status == 405)
        #expect(reply.text == "{\"detail\":\"Method \\\"\(method.rawValue)\\\" not allowed.\"}")
        #expect(reply.header("Allow") == allow)
        let anonymous = try await fixture.send(method, target, auth: .none)
        #expect(anonymous.status == 401, "DRF authenticates before it looks at the method")
    }

    @Test func everyAPIAnswerCarriesDRFsAndDjangosHeaders() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        for reply in [try await fixture.send(.get, "/api/bookmarks/"), try await fixture.send(.get, "/api/bookmarks/", auth: .none),
                      try await fixture.send(.get, "/api/bookmarks/5/")] {
            #expect(reply.header("Allow") != nil)
            #expect(reply.header("Vary") == "Accept, Accept-Language, Cookie")
            #expect(reply.header("Content-Language") == "en")
            #expect(reply.header("X-Content-Type-Options") == "nosniff")
            #expect(reply.header("X-Frame-Options") == "DENY")
        }
    }

    @Test func archiveUnarchiveAndDeleteAnswer204WithNothing() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let id = try #require(try await fixture.create(#"{"url": "https://example.com/"}"#)["id"] as? Int)
        for target in ["/api/bookmarks/\(id)/archive/", "/api/bookmarks/\(id)/archive/", "/api/bookmarks/\(id)/unarchive/"] {
            let reply = try await fixture.send(.post, target)
            #expect(reply.status == 204)
            #expect(reply.body.isEmpty)
            #expect(reply.header("Content-Type") == nil)
        }
        let deleted = try await fixture.send(.delete, "/api/bookmarks/\(id)/")
        #expect(deleted.status == 204 && deleted.body.isEmpty)
        #expect(try await fixture.send(.get, "/api/bookmarks/\(id)/").status == 404)
        #expect(try await fixture.send(.delete, "/api/bookmarks/\(id)/").status == 404)
        #expect(try await fixture.send(.post, "/api/bookmarks/\(id)/archive/").status == 404)
    }

    @Test func optionsAndHeadAnswerAsDRFDoes() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let options = try await fixture.send(.options, "/api/bookmarks/")
        #expect(options.status == 200)
        #expect(try options.object()["name"] as? String == "Bookmark List")
        guard case .object(let top) = try PythonJSONParser.parse(options.body),
              case .object(let actions)? = top.first(where: { $0.0 == "actions" })?.1,
              case .object(let post)? = actions.first(where: { $0.0 == "POST" })?.1 else {
            Issue.record("no POST action in \(options.text)")
            return
        }
        #expect(post.map(\.0) == Self.bookmarkKeys)
        let missing = try await fixture.send(.options, "/api/bookmarks/7/")
        #expect(try missing.object()["actions"] == nil, "PUT is described only for an existing bookmark")
        let root = try await fixture.send(.options, "/api/")
        #expect(try root.object()["description"] as? String == "The default basic root view for DefaultRouter")
        let head = try await fixture.send(.head, "/api/bookmarks/")
        #expect(head.status == 200)
    }

    @Test func assetsAreAnEmptyListAndUploadsAreOff() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let id = try #require(try await fixture.create(#"{"url": "https://example.com/"}"#)["id"] as? Int)
        let list = try await fixture.send(.get, "/api/bookmarks/\(id)/assets/")
        #expect(list.text == #"{"count":0,"next":null,"previous":null,"results":[]}"#)
        #expect(try await fixture.send(.get, "/api/bookmarks/\(id)/assets/1/").text == #"{"detail":"No BookmarkAsset matches the given query."}"#)
        #expect(try await fixture.send(.get, "/api/bookmarks/\(id)/assets/1/download/").status == 404)
        #expect(try await fixture.send(.delete, "/api/bookmarks/\(id)/assets/1/").status == 404)
        let upload = try await fixture.send(.post, "/api/bookmarks/\(id)/assets/upload/", body: Data("x".utf8),
                                            contentType: "multipart/form-data; boundary=b")
        #expect(upload.status == 403)
        #expect(upload.text == #"{"error":"Asset upload is disabled."}"#)
        #expect(try await fixture.send(.post, "/api/bookmarks/singlefile/").status == 403)
    }

    @Test func overRealHTTPTheAnswersAreTheSameAndBigBodiesGet413() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        try await withLiveServer(fixture, maxBodySize: 64 * 1024) { port in
            let noSlash = try await RawHTTP.exchange(port: port, "POST /api/bookmarks HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
            #expect(noSlash.status == 301)
            #expect(noSlash.header("Location") == "/api/bookmarks/")
            let unauthorized = try await RawHTTP.exchange(port: port, "GET /api/tags/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(unauthorized.status == 401)
            #expect(unauthorized.header("WWW-Authenticate") == "Token")
            #expect(unauthorized.text == #"{"detail":"Authentication credentials were not provided."}"#)
            let body = String(repeating: "a", count: 100 * 1024)
            let big = try await RawHTTP.exchange(port: port, """
                POST /api/bookmarks/ HTTP/1.1\r\nHost: x\r\nAuthorization: Token \(fixture.token)\r\nContent-Type: application/json\r\n\
                Content-Length: \(body.utf8.count + 11)\r\nConnection: close\r\n\r\n{"url": "\(body)"}
                """)
            #expect(big.status == 413)
            let health = try await RawHTTP.exchange(port: port, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(health.text == #"{"version": "1.46.2", "status": "healthy"}"#)
        }
        #expect(try fixture.bookmarkCount() == 0)
    }
}
