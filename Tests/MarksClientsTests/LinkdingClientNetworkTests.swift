import Foundation
import StandInNetwork
import Testing
import MarksClients
import MarksCore

/// The live libcurl transport against raw TCP listeners on 127.0.0.1 that misbehave on purpose.
@Suite struct LinkdingClientNetworkTests {
    static func client(port: UInt16, timeout: TimeInterval = 5) -> LinkdingClient {
        LinkdingClient(config: ServerConfig(host: "127.0.0.1", port: Int(port), token: "t0k3n", useHTTPS: false), timeout: timeout)
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let port = try RawTCPListener.closedPort()
        let error = await sourceError { _ = try await Self.client(port: port).health() }
        guard case .unreachable(let host, _) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1:\(port)")
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        let start = ContinuousClock.now
        let error = await sourceError { _ = try await Self.client(port: listener.port, timeout: 1).list(BookmarkListQuery()) }
        #expect(error == .timeout(seconds: 1))
        #expect(ContinuousClock.now - start < .seconds(25)) // the 1 s timeout, not the 30 s default (generous: shared cores)
    }

    @Test func anHTMLPageIsNotLinkding() async throws {
        let page = "<!DOCTYPE html><html><head><title>Welcome</title></head><body>It works!</body></html>"
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "200 OK", contentType: "text/html", body: page)))
        defer { listener.stop() }
        let error = await sourceError { _ = try await Self.client(port: listener.port).verifyConnection() }
        #expect(error == .notLinkding("it answered an HTML page instead of JSON"))
    }

    @Test func garbageBytesAreNotLinkding() async throws {
        let garbage = Data([0x00, 0xFF, 0x13, 0x37]) + Data("SSH-2.0-OpenSSH_9.2\r\n\u{1}\u{2}\r\n\r\n".utf8)
        let listener = try RawTCPListener(.answer(garbage))
        defer { listener.stop() }
        let error = await sourceError { _ = try await Self.client(port: listener.port).health() }
        #expect(error == .notLinkding("127.0.0.1:\(listener.port) did not answer with HTTP — check the host, port and https setting"))
    }

    @Test func aRedirectIsReportedNotFollowed() async throws {
        let answer = Data.httpAnswer(status: "301 Moved Permanently", contentType: "text/html", body: "<a>moved</a>",
                                     extraHeaders: "Location: https://elsewhere.example/api/bookmarks/\r\n")
        let listener = try RawTCPListener(.answer(answer))
        defer { listener.stop() }
        let error = await sourceError {
            _ = try await Self.client(port: listener.port).create(BookmarkDraft(url: "https://example.com/"), scrape: false)
        }
        #expect(error == .server(status: 301, message: "/api/bookmarks/ redirects to https://elsewhere.example/api/bookmarks/. Check the https setting and the path prefix."))
        #expect(listener.requests.count == 1)
    }

    @Test func aRealAnswerDecodesAndTheWireKeepsEncodedPlus() async throws {
        let body = #"{"count":0,"next":null,"previous":null,"results":[]}"#
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "200 OK", contentType: "application/json", body: body)))
        defer { listener.stop() }
        let page = try await Self.client(port: listener.port).list(BookmarkListQuery(search: "c++ #swift", unread: true))
        #expect(page.count == 0)
        let head = try #require(listener.requests.first)
        #expect(head.hasPrefix("GET /api/bookmarks/?q=c%2B%2B%20%23swift&limit=100&unread=yes HTTP/1.1\r\n"))
        #expect(head.contains("\r\nAuthorization: Token t0k3n\r\n"))
    }

    @Test func httpsToAPlainHTTPServerSaysSo() async throws {
        let listener = try RawTCPListener(.greet(.httpAnswer(status: "400 Bad Request", contentType: "text/plain", body: "plain")))
        defer { listener.stop() }
        let client = LinkdingClient(config: ServerConfig(host: "127.0.0.1", port: Int(listener.port), token: "t", useHTTPS: true), timeout: 5)
        let error = await sourceError { _ = try await client.health() }
        #expect(error == .tlsFailure(host: "127.0.0.1:\(listener.port)", reason: LinkdingClient.plainHTTPReason))
    }
}
