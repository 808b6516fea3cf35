import Foundation
import MarksTestSupport
import Testing
@testable import HTTPServer

@Suite struct HostileInputTests {
    static let echoLength = ResponderFunction { request in .text("\(request.body.count)") }

    static func small(_ limit: Int = 1024) -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration()
        configuration.maxBodySize = limit
        return configuration
    }

    /// A one-second idle timeout: libmicrohttpd 0.9.75 on edge-triggered epoll sometimes misses an
    /// end-of-stream that arrives together with a partial request; the timeout then drops it.
    static var quickTimeout: HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration()
        configuration.connectionTimeout = .seconds(1)
        return configuration
    }

    /// The server still answers normally on a fresh connection.
    static func stillServes(_ port: Int) async throws {
        let connection = try RawConnection(port: port)
        await connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
        #expect(try await connection.readResponse().text == "2")
    }

    @Test(arguments: [
        "GET /ind",
        "GET\r\n\r\n",
        "\r\n\r\n",
        "GET / HTTP/9.9\r\n\r\n",
        "GET / HTTP/1.1\r\nHost x\r\nBroken\r\n\r\n",
        "GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
        "GET / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n",
    ])
    func malformedRequestsGetAnErrorOrAClose(raw: String) async throws {
        try await withLiveServer(Self.quickTimeout, responder: Self.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send(raw)
            connection.finishSending()
            let (closed, received) = await connection.waitForClose()
            #expect(closed)
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.isEmpty || text.hasPrefix("HTTP/1.1 4") || text.hasPrefix("HTTP/1.1 5"))
            try await Self.stillServes(port)
        }
    }

    /// The answers libmicrohttpd builds itself, before any code of ours runs, carry the same two headers as ours.
    @Test(arguments: [
        ("GET / HTTP/9.9\r\nHost: x\r\n\r\n", 505),
        ("GET / HTTP/0.9\r\nHost: x\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n", 431),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n", 400),
    ])
    func libmicrohttpdsOwnAnswersCarryTheSecurityHeaders(raw: String, status: Int) async throws {
        #expect(HTTPServer.libmicrohttpdAnswersCarrySecurityHeaders)
        try await withLiveServer(Self.quickTimeout, responder: Self.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send(raw)
            let response = try await connection.readResponse()
            #expect(response.status == status)
            #expect(String(decoding: response.body, as: UTF8.self).contains("<html>"))  // libmicrohttpd's page, not ours
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Content-Security-Policy") == "default-src 'none'")
            try await Self.stillServes(port)
        }
    }

    @Test func garbageBytes() async throws {
        try await withLiveServer(Self.quickTimeout, responder: Self.echoLength) { _, port in
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<5 {
                let connection = try RawConnection(port: port)
                await connection.send((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) } + Array("\r\n\r\n".utf8))
                connection.finishSending()
                #expect(await connection.waitForClose().closed)
            }
            let nul = try RawConnection(port: port)
            await nul.send(Array("GET /a".utf8) + [0] + Array("b HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let (closed, received) = await nul.waitForClose()
            #expect(closed)
            #expect(!String(decoding: received, as: UTF8.self).hasPrefix("HTTP/1.1 2"))
            try await Self.stillServes(port)
        }
    }

    @Test func oversizedHeadersAreRefused() async throws {
        try await withLiveServer(responder: Self.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n")
            let (closed, received) = await connection.waitForClose()
            #expect(closed)
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.isEmpty || text.hasPrefix("HTTP/1.1 431") || text.hasPrefix("HTTP/1.1 400"))

            let longTarget = try RawConnection(port: port)
            await longTarget.send("GET /\(String(repeating: "b", count: 100_000)) HTTP/1.1\r\nHost: x\r\n\r\n")
            let (targetClosed, targetReceived) = await longTarget.waitForClose()
            #expect(targetClosed)
            let targetText = String(decoding: targetReceived, as: UTF8.self)
            #expect(targetText.isEmpty || targetText.hasPrefix("HTTP/1.1 414") || targetText.hasPrefix("HTTP/1.1 431"))
            try await Self.stillServes(port)
        }
    }

    @Test func declaredOversizedBodyGets413WithoutSendingIt() async throws {
        try await withLiveServer(Self.small(), responder: Self.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 20000000\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(await connection.waitForClose().closed)

            let expecting = try RawConnection(port: port)
            await expecting.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n")
            #expect(try await expecting.readResponse().status == 413)
        }
    }

    @Test func bodyAtTheLimitIsAccepted() async throws {
        try await withLiveServer(Self.small(), responder: Self.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1024\r\n\r\n" + String(repeating: "x", count: 1024))
            #expect(try await connection.readResponse().text == "1024")
            await connection.send("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
            #expect(try await connection.readResponse(bodyExpected: false).status == 100)
            await connection.send("abc")
            #expect(try await connection.readResponse().text == "3")
        }
    }

    static func chunked(_ total: Int, chunk: Int = 500) -> String {
        var body = ""
        var left = total
        while left > 0 {
            let size = min(chunk, left)
            body += String(size, radix: 16) + "\r\n" + String(repeating: "y", count: size) + "\r\n"
            left -= size
        }
        return body + "0\r\n\r\n"
    }

    @Test func chunkedBodies() async throws {
        try await withLiveServer(Self.small(), responder: Self.echoLength) { _, port in
            let fits = try RawConnection(port: port)
            await fits.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + Self.chunked(1000))
            #expect(try await fits.readResponse().text == "1000")

            let over = try RawConnection(port: port)
            await over.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + Self.chunked(5000))
            let response = try await over.readResponse()
            #expect(response.status == 413)
            #expect(await over.waitForClose().closed)
        }
    }

    @Test func endlessChunkedBodyIsCutOff() async throws {
        try await withLiveServer(Self.small(), responder: Self.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = Array((String(16384, radix: 16) + "\r\n" + String(repeating: "z", count: 16384) + "\r\n").utf8)
            var sent = 0
            while sent < 4 << 20, await connection.send(chunk) { sent += chunk.count }
            let (closed, received) = await connection.waitForClose()
            #expect(closed)
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.isEmpty || text.hasPrefix("HTTP/1.1 413"))
            try await Self.stillServes(port)
        }
    }

    @Test func slowClientIsDroppedAfterTheTimeout() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.connectionTimeout = .seconds(1)
        try await withLiveServer(configuration, responder: Self.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            let begun = ContinuousClock.now
            await connection.send("G")
            // `closed` is the server dropping it: the read's own limit (60 s) only keeps a broken server from hanging the run,
            // and how long the drop takes beyond the timeout measures the machine's load, not the server.
            let (closed, _) = await connection.waitForClose(timeout: .seconds(60))
            let waited = ContinuousClock.now - begun
            #expect(closed)
            #expect(waited >= .milliseconds(900))
            try await Self.stillServes(port)
        }
    }

    @Test func handlerThatThrowsLeavesTheServerServing() async throws {
        struct Oops: Error {}
        let responder = ResponderFunction { request in
            if request.path == "/throw" { throw Oops() }
            return .text("fine")
        }
        try await withLiveServer(responder: responder) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /throw HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 500)
            #expect(!response.text.contains("Oops"))
            await connection.send("GET /fine HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().text == "fine")
        }
    }

    @Test func invalidStatusesAndHeadersAreSanitized() async throws {
        let responder = ResponderFunction { request in
            if request.path == "/status" { return HTTPResponse(status: 42) }
            var response = HTTPResponse.text("ok")
            response.headers.add("X-Injected", "a\r\nSet-Cookie: evil=1")
            response.headers.add("Content-Length", "999")
            return response
        }
        try await withLiveServer(responder: responder) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /status HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 500)
            await connection.send("GET /headers HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.text == "ok")
            #expect(response.header("Set-Cookie") == nil)
            #expect(response.header("X-Injected") == "a  Set-Cookie: evil=1")
            #expect(response.header("Content-Length") == "2")
        }
    }
}
