import MarksAccess
import MarksTestSupport
import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksServer
import MarksStorage
import Testing

/// `check` and scraping through the real `PageMetadataService` and `PageFetcher`: a page on this machine is read only
/// when the configuration allows private-network fetches (`allow_private_network_fetches`).
@Suite struct APICheckMetadataTests {
    /// A page server on 127.0.0.1 with one HTML page at `/page`.
    static func pageServer() throws -> LiveServer {
        var router = Router()
        router.get("/page") { _ in
            .html(#"<html><head><title>A local page</title><meta name="description" content="Served on loopback"><meta property="og:image" content="/img.png"></head><body>hi</body></html>"#)
        }
        return try LiveServer(serving: router)
    }

    static func api(_ directory: TemporaryDirectory, allowPrivate: Bool) throws -> LinkdingAPI {
        let store = try BookmarkStore(path: directory.url.appendingPathComponent("marks.sqlite").path, now: { Date() })
        let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), allowInternalAddresses: allowPrivate))  // a loaded machine is slow
        return LinkdingAPI(store: store, tokens: APITokenStore(directory: directory.url), metadataService: PageMetadataService(fetcher: fetcher))
    }

    static func get(_ api: LinkdingAPI, _ target: String, token: String) async throws -> APIReply {
        APIReply(try await api.respond(to: try HTTPRequest(method: .get, target: target, headers: ["Authorization": "Token \(token)", "Host": "x"])))
    }

    @Test func aPageOnThisMachineIsNotFetchedByDefault() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-api")
        defer { directory.cleanUp() }
        let pages = try Self.pageServer()
        let port = pages.port
        let api = try Self.api(directory, allowPrivate: false)
        let token = try api.tokens.token()
        let url = "http://127.0.0.1:\(port)/page"
        let check = try await Self.get(api, "/api/bookmarks/check/?url=" + LinkdingQueryEncoding.encode(url), token: token)
        await pages.stop()
        #expect(check.text == #"{"bookmark":null,"metadata":{"url":"\#(url)","title":null,"description":null,"preview_image":null},"auto_tags":[]}"#)
    }

    @Test func withPrivateFetchesAllowedCheckAndScrapingReadTheHead() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-api")
        defer { directory.cleanUp() }
        let pages = try Self.pageServer()
        let port = pages.port
        let api = try Self.api(directory, allowPrivate: true)
        let token = try api.tokens.token()
        let url = "http://127.0.0.1:\(port)/page"
        let check = try await Self.get(api, "/api/bookmarks/check/?url=" + LinkdingQueryEncoding.encode(url), token: token)
        let metadata = try #require(try check.object()["metadata"] as? [String: Any])
        #expect(metadata["title"] as? String == "A local page")
        #expect(metadata["description"] as? String == "Served on loopback")
        #expect(metadata["preview_image"] as? String == "http://127.0.0.1:\(port)/img.png")
        // A create with scraping on fills the empty title and description from the same page.
        let body = Data(#"{"url": "\#(url)"}"#.utf8)
        let created = APIReply(try await api.respond(to: try HTTPRequest(
            method: .post, target: "/api/bookmarks/",
            headers: ["Authorization": "Token \(token)", "Host": "x", "Content-Type": "application/json"], body: body)))
        await pages.stop()
        #expect(created.status == 201)
        #expect(try created.object()["title"] as? String == "A local page")
        #expect(try created.object()["description"] as? String == "Served on loopback")
    }
}
