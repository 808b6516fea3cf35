import MarksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `marks signin-link` against a running `marks serve` on the same data directory: the link it mints is accepted
/// by the server without a restart (it is stored in marks.sqlite), once.
@Suite struct SignInLinkCommandTests {
    @Test func aLinkMintedByTheCLIWorksOnceInTheRunningServer() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let data = marks.home.appendingPathComponent("data").path
        let server = try await ServeEndToEndTests.Server.start(marks, arguments: ["--port", "0", "--data", data])
        let minted = try await marks.run(["signin-link", "--json", "--data", data])
        #expect(minted.code == 0, "\(minted.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(minted.stdout.utf8)) as? [String: Any])
        let link = try #require((json["links"] as? [String])?.first)
        #expect(link.hasPrefix(server.url + "signin?token="))
        #expect(json["this_computer_only"] as? Bool == true)
        #expect((json["message"] as? String)?.contains("--host 0.0.0.0") == true)

        let path = "/" + link.dropFirst(server.url.count)
        let session = URLSession(configuration: .ephemeral)
        let (_, first) = try await session.data(from: try #require(URL(string: server.url + path.dropFirst())))
        #expect((first as? HTTPURLResponse)?.statusCode == 200, "the link signs in and lands on the list")
        let (again, second) = try await session.data(from: try #require(URL(string: server.url + path.dropFirst())))
        #expect((second as? HTTPURLResponse)?.statusCode == 403)
        #expect(String(decoding: again, as: UTF8.self).contains("does not work any more"))

        let text = try await marks.run(["signin-link", "--data", data])
        #expect(text.stdout.hasPrefix(server.url + "signin?token="))
        #expect(text.stderr.contains("works once, within 15 minutes"))
        let (code, _, _) = await server.stop()
        #expect(code == 0)
        let stopped = try await marks.run(["signin-link", "--data", data])
        #expect(stopped.code == 1)
        #expect(stopped.stderr.contains("marks serve is not running"))
    }
}
