import Foundation
import HTTPClient
import StandInNetwork
import Testing

/// The libcurl client against raw local servers that answer, stream forever, trickle, hang or refuse.
@Suite struct HTTPClientTests {
    let client = HTTPClient(name: "http-client-tests")

    @Test func sendsMethodHeadersAndBodyAndReadsTheAnswer() async throws {
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "201 Created", contentType: "application/json",
                                                              body: #"{"ok":true}"#, extraHeaders: "X-Thing: one\r\n")))
        defer { listener.stop() }
        var request = HTTPClientRequest(method: "PATCH", url: listener.url("/api/items/7/?q=a%2Bb"), body: Data(#"{"a":1}"#.utf8))
        request.setHeader("Authorization", "Token abc")
        request.setHeader("Content-Type", "application/json")
        let response = try await client.send(request)
        #expect(response.status == 201)
        #expect(response.header("x-thing") == "one")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(!response.truncated)
        let head = try #require(listener.requests.first)
        #expect(head.hasPrefix("PATCH /api/items/7/?q=a%2Bb HTTP/1.1\r\n"))
        #expect(head.contains("\r\nAuthorization: Token abc\r\n"))
        #expect(head.hasSuffix("\r\n\r\n{\"a\":1}") || head.contains("Content-Length: 7\r\n"))
    }

    @Test func aStreamedBodyArrivesPieceByPieceBeforeItEnds() async throws {
        // An endless trickle: the caller has the status and the first pieces long before any end.
        let listener = try RawTCPListener(.stream(head: .httpHead(), chunk: Data("data: x\n\n".utf8), pause: .milliseconds(50)))
        defer { listener.stop() }
        let stream = try await client.stream(HTTPClientRequest(url: listener.url(), timeout: .seconds(20)))
        #expect(stream.status == 200)
        var received = Data()
        for try await piece in stream.body {
            received.append(piece)
            if received.count >= 3 * 9 { break }
        }
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("data: x\n\ndata: x\n\ndata: x\n\n"))
    }

    @Test func aStreamedBodyStopsAtTheCapWithAnError() async throws {
        let listener = try RawTCPListener(.stream(head: .httpHead(), chunk: Data(repeating: 0x61, count: 64 * 1024), pause: nil))
        defer { listener.stop() }
        let stream = try await client.stream(HTTPClientRequest(url: listener.url(), timeout: .seconds(20), maxBodyBytes: 256 * 1024))
        await #expect(throws: HTTPClientError.bodyTooLarge(limit: 256 * 1024)) {
            var count = 0
            for try await piece in stream.body {
                count += piece.count
                #expect(count <= 256 * 1024)
            }
        }
    }

    @Test func aStreamWhoseHeadersNeverComeTimesOut() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        await #expect(throws: HTTPClientError.timedOut(seconds: 0.3)) {
            _ = try await client.stream(HTTPClientRequest(url: listener.url(), timeout: .milliseconds(300)))
        }
    }

    @Test func aRedirectIsTheAnswerNotFollowed() async throws {
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "302 Found", contentType: "text/plain", body: "",
                                                              extraHeaders: "Location: http://127.0.0.1:1/elsewhere\r\n")))
        defer { listener.stop() }
        let response = try await client.send(HTTPClientRequest(url: listener.url()))
        #expect(response.status == 302)
        #expect(response.header("Location") == "http://127.0.0.1:1/elsewhere")
        #expect(listener.requests.count == 1)
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let listener = try RawTCPListener(.stream(head: .httpHead(), chunk: chunk, pause: nil))
        defer { listener.stop() }
        let cap = 1024 * 1024
        let response = try await client.send(HTTPClientRequest(url: listener.url(), timeout: .seconds(20), maxBodyBytes: cap))
        #expect(response.status == 200)
        #expect(response.truncated)
        #expect(response.body.count == cap)
        // The client stopped reading: the server could push only what the socket buffers hold beyond the cap.
        #expect(listener.bytesSent < cap + 16 * 1024 * 1024)
    }

    @Test func aDeclaredLengthOverTheCapIsRefusedUnread() async throws {
        let chunk = Data(repeating: UInt8(ascii: "b"), count: 64 * 1024)
        let listener = try RawTCPListener(.stream(head: .httpHead(length: 50 * 1024 * 1024), chunk: chunk, pause: nil))
        defer { listener.stop() }
        await #expect(throws: HTTPClientError.bodyTooLarge(limit: 1024 * 1024)) {
            _ = try await client.send(HTTPClientRequest(url: listener.url(), maxBodyBytes: 1024 * 1024))
        }
    }

    @Test func aTricklingServerFailsTheMinimumRate() async throws {
        let listener = try RawTCPListener(.stream(head: .httpHead(), chunk: Data("x".utf8), pause: .milliseconds(400)))
        defer { listener.stop() }
        let request = HTTPClientRequest(url: listener.url(), timeout: .seconds(30),
                                        minimumRate: MinimumRate(bytesPerSecond: 1000, window: .seconds(1)))
        let error = await #expect(throws: HTTPClientError.self) { _ = try await client.send(request) }
        #expect(error == .tooSlow(bytesPerSecond: 1000, seconds: 1))
        #expect(error?.message == "The server sent less than 1000 bytes/s for 1 s; gave up.")
    }

    @Test func aHungServerTimesOutWithMillisecondPrecision() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        let error = await #expect(throws: HTTPClientError.self) {
            _ = try await client.send(HTTPClientRequest(url: listener.url(), timeout: .milliseconds(300)))
        }
        #expect(error == .timedOut(seconds: 0.3))
        #expect(error?.message == "No answer within 0.3 s.")
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        let client = client
        let task = Task { try await client.send(HTTPClientRequest(url: listener.url(), timeout: .seconds(600))) }
        try await listener.waitForConnections()
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test func aPinnedAddressIsWhereTheConnectionGoes() async throws {
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "200 OK", contentType: "text/plain", body: "pinned")))
        defer { listener.stop() }
        let url = try #require(URL(string: "http://no-such-host.invalid:\(listener.port)/page"))
        let response = try await client.send(HTTPClientRequest(url: url, pinnedAddress: "127.0.0.1", usesProxy: false))
        #expect(String(decoding: response.body, as: UTF8.self) == "pinned")
        let head = try #require(listener.requests.first)
        #expect(head.contains("\r\nHost: no-such-host.invalid:\(listener.port)\r\n"))
    }

    @Test func aClosedPortIsRefused() async throws {
        let port = try RawTCPListener.closedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        await #expect(throws: HTTPClientError.connectionRefused(host: "127.0.0.1")) {
            _ = try await client.send(HTTPClientRequest(url: url))
        }
    }

    @Test func anUnknownHostIsNotFound() async throws {
        let url = try #require(URL(string: "http://no-such-host.invalid/"))
        await #expect(throws: HTTPClientError.hostNotFound(host: "no-such-host.invalid")) {
            _ = try await client.send(HTTPClientRequest(url: url, usesProxy: false))
        }
    }

    @Test func httpsToAPlainHTTPServerSaysSo() async throws {
        let listener = try RawTCPListener(.greet(.httpAnswer(status: "400 Bad Request", contentType: "text/plain", body: "plain")))
        defer { listener.stop() }
        let url = try #require(URL(string: "https://127.0.0.1:\(listener.port)/"))
        await #expect(throws: HTTPClientError.notTLS(host: "127.0.0.1")) {
            _ = try await client.send(HTTPClientRequest(url: url))
        }
    }

    @Test(arguments: ["ftp://example.com/file", "file:///etc/passwd", "gopher://example.com/"])
    func otherSchemesAreRefused(text: String) async throws {
        let url = try #require(URL(string: text))
        await #expect(throws: HTTPClientError.invalidRequest("only http and https URLs can be fetched")) {
            _ = try await client.send(HTTPClientRequest(url: url))
        }
    }

    @Test func aHeaderWithALineBreakIsRefused() async throws {
        var request = HTTPClientRequest(url: try #require(URL(string: "http://127.0.0.1:1/")))
        request.setHeader("X-Evil", "a\r\nHost: elsewhere")
        let error = await #expect(throws: HTTPClientError.self) { _ = try await client.send(request) }
        guard case .invalidRequest = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
    }
}
