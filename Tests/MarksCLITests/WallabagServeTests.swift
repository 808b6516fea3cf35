import Foundation
import MarksTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The wallabag endpoints of a real `marks serve` process, as the composition root mounts them: an e-reader made with
/// `marks ereaders add` signs in at `/wallabag/oauth/v2/token`, lists the bookmark saved with `marks add`, downloads
/// its EPUB, archives it; `marks ereaders revoke` stops its token on the running server at once.
@Suite struct WallabagServeTests {
    @Test func anEReaderSyncsWithARunningServer() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let data = marks.home.appendingPathComponent("ereader").path
        let added = try await marks.run(["add", "https://bread.example/sourdough", "--title", "Sourdough guide",
                                         "--description", "Feed the starter twice a day.", "--data", data])
        #expect(added.code == 0, "\(added.stderr)")
        let made = try await marks.run(["ereaders", "add", "--name", "Kobo", "--json", "--data", data])
        #expect(made.code == 0, "\(made.stderr)")
        let client = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
        let server = try await ServeEndToEndTests.Server.start(marks, arguments: ["--port", "0", "--data", data])
        let session = URLSession(configuration: .ephemeral)
        func call(_ method: String, _ path: String, _ body: String? = nil, token: String? = nil) async throws -> (Int, Data) {
            var request = URLRequest(url: URL(string: server.url + "wallabag" + path)!) // safe: test URL
            request.httpMethod = method
            if let body {
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-type")
            }
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            let (bytes, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, bytes)
        }
        func object(_ data: Data) -> [String: Any] { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }
        let credentials = #"{"grant_type":"password","client_id":"\#(client["client_id"] as? String ?? "")","client_secret":"\#(client["client_secret"] as? String ?? "")","username":"koreader","password":"\#(client["password"] as? String ?? "")"}"#
        let (signedIn, grant) = try await call("POST", "/oauth/v2/token", credentials)
        #expect(signedIn == 200)
        let token = try #require(object(grant)["access_token"] as? String)
        let (listed, list) = try await call("GET", "/api/entries.json?archive=0&page=1&perPage=30", token: token)
        #expect(listed == 200)
        let items = (object(list)["_embedded"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(items.map { $0["title"] as? String } == ["Sourdough guide"])
        let id = try #require(items.first?["id"] as? Int)
        let (exported, book) = try await call("GET", "/api/entries/\(id)/export.epub", token: token)
        #expect(exported == 200)
        #expect(book.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        let (archived, entry) = try await call("PATCH", "/api/entries/\(id).json", #"{"archive":1}"#, token: token)
        #expect(archived == 200 && object(entry)["is_archived"] as? Int == 1)
        let (_, afterList) = try await call("GET", "/api/entries.json?archive=0&page=1&perPage=30", token: token)
        #expect(object(afterList)["total"] as? Int == 0)

        let revoke = try await marks.run(["ereaders", "revoke", String(client["id"] as? Int ?? 0), "--data", data])
        #expect(revoke.code == 0, "\(revoke.stderr)")
        let (refused, _) = try await call("GET", "/api/entries.json?archive=1", token: token)
        #expect(refused == 401)
        let (code, _, _) = await server.stop()
        #expect(code == 0)
    }
}
