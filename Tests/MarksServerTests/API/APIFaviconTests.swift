import Foundation
import HTTPServer
import MarksAccess
import MarksCore
import MarksReading
import MarksStorage
import MarksTestSupport
import Testing
@testable import MarksServer

/// `/api/`'s `favicon_url` as linkding fills it: the absolute address of Marks' own copy of the site's icon once
/// one was found, null before; the profile says favicons are on.
@Suite struct APIFaviconTests {
    @Test func faviconURLIsMarksOwnCopyOrNull() async throws {
        let favicons = try FaviconWebTests.Fixture()
        defer { favicons.cleanUp() }
        try favicons.service.store.recordFound("icons.example", Favicon(contentType: "image/png", data: ReaderWebTests.png, etag: "abc123"),
                                               at: Date(timeIntervalSince1970: 0))
        let directory = try TemporaryDirectory(prefix: "marks-api-favicons")
        defer { directory.cleanUp() }
        let store = try BookmarkStore(path: directory.url.appendingPathComponent("marks.sqlite").path, now: { Date(timeIntervalSince1970: 1_767_225_600) })
        let tokens = APITokenStore(directory: directory.url)
        let token = try tokens.token()
        var api = LinkdingAPI(store: store, tokens: tokens, metadata: MetadataStub().closure)
        api.favicons = favicons.service
        let app = MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, api: api))

        func send(_ method: HTTPMethod, _ target: String, _ body: String = "") async throws -> APIReply {
            let headers: HTTPHeaders = ["Host": "marks.test:8080", "Authorization": "Token \(token)", "Content-Type": "application/json"]
            return APIReply(try await app.router.respond(to: try HTTPRequest(method: method, target: target, headers: headers, body: Data(body.utf8))))
        }
        let created = try await send(.post, "/api/bookmarks/?disable_scraping", #"{"url": "https://Icons.example/post"}"#)
        #expect(created.status == 201)
        #expect(try created.object()["favicon_url"] as? String == "http://marks.test:8080/favicons/icons.example?v=abc123")
        let other = try await send(.post, "/api/bookmarks/?disable_scraping", #"{"url": "https://no-icon.example/"}"#)
        #expect(try other.object()["favicon_url"] is NSNull)

        let list = try await send(.get, "/api/bookmarks/")
        let results = try #require(try list.object()["results"] as? [[String: Any]])
        let byURL = Dictionary(uniqueKeysWithValues: results.compactMap { item in (item["url"] as? String).map { ($0, item["favicon_url"]) } })
        #expect(byURL["https://Icons.example/post"] as? String == "http://marks.test:8080/favicons/icons.example?v=abc123")
        #expect(byURL["https://no-icon.example/"] is NSNull)
        #expect(try await send(.get, "/api/user/profile/").object()["enable_favicons"] as? Bool == true)
    }
}
