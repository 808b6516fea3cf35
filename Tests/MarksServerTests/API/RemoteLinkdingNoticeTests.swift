import Foundation
import HTTPServer
import MarksServer
import Testing

/// With a remote linkding server as the library, `/api/` tells the truth: every path answers 503 naming that
/// server, so a client's write never lands in a separate, empty embedded store.
@Suite struct RemoteLinkdingNoticeTests {
    let app = MarksApp(context: MarksApp.Context(
        version: "test", logError: { _ in },
        remoteLinkding: RemoteLinkdingNotice(serverURL: "https://links.example.org/linkding")))

    func send(_ method: HTTPMethod, _ target: String, body: String = "") async throws -> APIReply {
        var headers = HTTPHeaders()
        headers.add("Authorization", "Token abc")
        if !body.isEmpty { headers.add("Content-Type", "application/json") }
        return APIReply(try await app.router.respond(to: try HTTPRequest(method: method, target: target, headers: headers, body: Data(body.utf8))))
    }

    @Test(arguments: [
        (HTTPMethod.get, "/api/bookmarks/"), (.post, "/api/bookmarks/"), (.get, "/api/bookmarks/archived/?limit=5"),
        (.patch, "/api/bookmarks/12/"), (.delete, "/api/bookmarks/12/"), (.post, "/api/bookmarks/12/archive/"),
        (.get, "/api/tags/"), (.get, "/api/user/profile/"), (.get, "/api/"), (.get, "/api"), (.get, "/api/no/such/path"),
        (.options, "/api/bookmarks/"),
    ])
    func everyAPIPathNamesTheLinkdingServer(method: HTTPMethod, target: String) async throws {
        let response = try await send(method, target, body: method == .post || method == .patch ? #"{"url": "https://a.example"}"# : "")
        #expect(response.status == 503)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        let object = try #require(try response.object() as? [String: String])
        #expect(object == ["detail": "This Marks uses the linkding server at https://links.example.org/linkding; point your client there."])
    }

    @Test func theRestOfTheAppIsUntouched() async throws {
        #expect(try await send(.get, "/healthz").status == 200)
        #expect(try await send(.get, "/health").status == 404)
    }
}
