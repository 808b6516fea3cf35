import Foundation
import MarksTestSupport
import Testing
@testable import HTTPServer

/// Bodies limited before they are read, a budget for buffered bodies, and malformed framing answered at once
/// (issue 16, fixes 2 and 5).
@Suite struct RequestLimitTests {
    /// Echoes the body's length; bodies to `/small` may be at most 1,000 bytes.
    struct SmallRoute: HTTPResponder {
        func respond(to request: HTTPRequest) async throws -> HTTPResponse { .text("\(request.body.count)") }
        func bodyLimit(for head: HTTPRequest) -> Int? { head.path == "/small" ? 1000 : nil }
    }

    @Test func theResponderLimitAppliesBeforeTheBodyIsRead() async throws {
        try await withLiveServer(responder: SmallRoute()) { _, port in
            let declared = try RawConnection(port: port)
            await declared.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n")
            let response = try await declared.readResponse()
            #expect(response.status == 413)
            #expect(await declared.waitForClose().closed)

            let chunked = try RawConnection(port: port)
            await chunked.send("POST /small HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + HostileInputTests.chunked(5000))
            #expect(try await chunked.readResponse().status == 413)

            let fits = try RawConnection(port: port)
            await fits.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "a", count: 1000))
            #expect(try await fits.readResponse().text == "1000")

            let elsewhere = try RawConnection(port: port)
            await elsewhere.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "a", count: 5000))
            #expect(try await elsewhere.readResponse().text == "5000")
        }
    }

    /// Two bodies that together pass the in-flight budget: the second is refused 503, and the budget is given
    /// back once the first completes.
    @Test func bufferedBodiesShareOneBudget() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.maxBodySize = 800_000
        configuration.maxBufferedBodyBytes = 1 << 20
        // The first body waits, unfinished, while the second is refused: on a loaded machine (the whole suite in
        // parallel) that took over the default 30 s idle limit once, and the server rightly dropped it.
        configuration.connectionTimeout = .seconds(600)
        try await withLiveServer(configuration, responder: HostileInputTests.echoLength) { server, port in
            let first = try RawConnection(port: port)
            await first.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 700000\r\n\r\n" + String(repeating: "a", count: 600_000))
            // The first body is all buffered before the second starts: else, on a loaded machine, the server may read
            // part of the second first, and the first is the one that passes the budget (it failed so once).
            var buffered = server.bufferedBodyBytes
            await eventually(within: .seconds(60), every: .milliseconds(20)) {
                buffered = server.bufferedBodyBytes
                return buffered == 600_000
            }
            #expect(buffered == 600_000)
            let second = try RawConnection(port: port)
            await second.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 700000\r\n\r\n" + String(repeating: "b", count: 700_000))
            let refused = try await second.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") != nil)
            // What the refused body had buffered went back before its refusal was sent, not when its connection ends:
            // else the rest of the first body, sent just after, may find the budget still taken and be refused too.
            #expect(server.bufferedBodyBytes == 600_000)
            await first.send(String(repeating: "a", count: 100_000))
            #expect(try await first.readResponse().text == "700000")

            let third = try RawConnection(port: port)
            await third.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 700000\r\n\r\n" + String(repeating: "c", count: 700_000))
            #expect(try await third.readResponse().text == "700000")
        }
    }

    /// Nothing is set aside for a declared length: twenty connections that declare a gigabyte and send one byte
    /// hold twenty bytes of the budget.
    @Test func aDeclaredLengthReservesNothing() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.maxBodySize = 1 << 30
        configuration.maxBufferedBodyBytes = 1 << 30
        try await withLiveServer(configuration, responder: HostileInputTests.echoLength) { server, port in
            var held: [RawConnection] = []
            for _ in 0..<20 {
                let connection = try RawConnection(port: port)
                await connection.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\nx")
                held.append(connection)
            }
            let probe = try RawConnection(port: port)
            await probe.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
            #expect(try await probe.readResponse().text == "2")
            var buffered = server.bufferedBodyBytes
            await eventually(within: .seconds(30), every: .milliseconds(50)) {  // the other connections' bytes may still be on their way
                buffered = server.bufferedBodyBytes
                return buffered == 20
            }
            #expect(buffered == 20)
            #expect(held.count == 20)
        }
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1e3\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc", 501),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 501),
        // Issue 35 item 12: both framings at once (a request-smuggling shape, RFC 9112 §6.3) is refused and the
        // connection closed; so is a request with two Host headers.
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n0\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nHost: evil.example\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: x\r\nhost: x\r\n\r\n", 400),
    ])
    func malformedFramingIsAnsweredOnceAndPromptly(raw: String, status: Int) async throws {
        try await withLiveServer(responder: HostileInputTests.echoLength) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send(raw)
            let response = try await connection.readResponse(timeout: .seconds(3))
            #expect(response.status == status)
            let (closed, rest) = await connection.waitForClose(timeout: .seconds(3))
            #expect(closed)
            #expect(!String(decoding: rest, as: UTF8.self).contains("HTTP/1.1"), "a second status line followed")
        }
    }

    /// Hundreds of query parameters get an answer: the responder's, or a clear 414.
    @Test(arguments: [300, 600, 2000])
    func manyQueryParametersGetAnAnswer(count: Int) async throws {
        let counting = ResponderFunction { request in .text("\(request.query.count)") }
        try await withLiveServer(responder: counting) { _, port in
            let query = (0..<count).map { "p\($0)=v" }.joined(separator: "&")
            let connection = try RawConnection(port: port)
            await connection.send("GET /?\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await connection.readResponse(timeout: .seconds(3))
            #expect(response.status == 200 || response.status == 414, "got \(response.status)")
            if response.status == 200 { #expect(response.text == "\(count)") }
        }
    }
}
