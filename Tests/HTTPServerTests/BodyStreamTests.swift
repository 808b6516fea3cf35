import Foundation
import MarksTestSupport
import Testing
@testable import HTTPServer

/// `HTTPResponder.bodyStream(for:)`: a body taken piece by piece on a real server, never buffered (the server's body
/// limit holds for it as a whole), its result handed to the responder; a stream that says stop closes the connection, and a
/// request that ends early is cancelled.
@Suite struct BodyStreamTests {
    /// Counts and sums the bytes it is given; stops after `stopAfter` bytes.
    final class Counting: HTTPBodyStream {
        let log: EventLog
        let stopAfter: Int
        var count = 0
        var pieces = 0
        var sum = 0

        init(log: EventLog, stopAfter: Int = .max) {
            self.log = log
            self.stopAfter = stopAfter
        }

        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            count += bytes.count
            pieces += 1
            for byte in bytes { sum &+= Int(byte) }
            return count <= stopAfter
        }

        func finish() -> any Sendable {
            log.record("finish \(count)")
            return "\(count) \(sum) \(pieces > 1 ? "pieces" : "one")"
        }

        func cancel() { log.record("cancel \(count)") }
    }

    /// Streams `/upload` bodies; answers with the stream's result (or the buffered body's size elsewhere).
    struct Streaming: HTTPResponder {
        let log: EventLog
        var stopAfter = Int.max

        func respond(to request: HTTPRequest) async throws -> HTTPResponse {
            .text((request.streamedBody as? String) ?? "buffered \(request.body.count)")
        }

        func bodyStream(for head: HTTPRequest) -> (any HTTPBodyStream)? {
            head.path == "/upload" ? Counting(log: log, stopAfter: stopAfter) : nil
        }
    }

    static func small() -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration()
        configuration.maxBodySize = 1024
        return configuration
    }

    @Test func aStreamedBodyIsTakenInPiecesUpToTheBodyLimitAndReachesTheResponder() async throws {
        let log = EventLog()
        let body = [UInt8]((0..<300_000).map { UInt8($0 % 251) })
        let expectedSum = body.reduce(0) { $0 &+ Int($1) }
        var configuration = HTTPServer.Configuration()
        configuration.maxBodySize = body.count
        try await withLiveServer(configuration, responder: Streaming(log: log)) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
            _ = await connection.send(body)
            #expect(try await connection.readResponse().text == "300000 \(expectedSum) pieces")
        }
        #expect(log.all == ["finish 300000"])
    }

    /// Issue 35 item 8: the server's body limit (`--max-body-mb`) holds for a streamed body too, declared or not.
    @Test func aStreamedBodyOverTheServersLimitIs413AndTheStreamCancelled() async throws {
        let log = EventLog()
        try await withLiveServer(Self.small(), responder: Streaming(log: log)) { _, port in
            let declared = try RawConnection(port: port)
            await declared.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n")
            #expect(try await declared.readResponse().status == 413)
            let chunked = try RawConnection(port: port)
            await chunked.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            for _ in 0..<5 { await chunked.send("400\r\n" + String(repeating: "y", count: 1024) + "\r\n") }
            await chunked.send("0\r\n\r\n")
            #expect(try await chunked.readResponse().status == 413)
            let (closed, _) = await chunked.waitForClose()
            #expect(closed)
        }
        #expect(log.all.count == 2 && log.all.allSatisfy { $0.hasPrefix("cancel ") }, "\(log.all)")
        #expect(log.all.allSatisfy { Int($0.dropFirst("cancel ".count)).map { $0 <= 1024 } == true }, "\(log.all)")
    }

    @Test func aStreamThatSaysStopClosesTheConnectionAndIsCancelled() async throws {
        let log = EventLog()
        try await withLiveServer(responder: Streaming(log: log, stopAfter: 10_000)) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
            _ = await connection.send([UInt8](repeating: 1, count: 100_000))
            let (closed, _) = await connection.waitForClose()
            #expect(closed)
        }
        #expect(log.all.count == 1 && log.all.first?.hasPrefix("cancel ") == true)
    }

    @Test func aClientThatGoesAwayMidBodyCancelsTheStream() async throws {
        let log = EventLog()
        var quick = HTTPServer.Configuration()
        quick.connectionTimeout = .seconds(1)  // libmicrohttpd may miss the end of stream; the idle timeout then drops it
        try await withLiveServer(quick, responder: Streaming(log: log)) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
            _ = await connection.send([UInt8](repeating: 2, count: 5000))
            connection.finishSending()
            await eventually(within: .seconds(30)) { !log.all.isEmpty }  // the cancellation lands on the server's schedule
        }
        #expect(log.all == ["cancel 5000"])
    }

    @Test func aRouterAsksTheStreamingRouteThenTheMount() async throws {
        let log = EventLog()
        var inner = Router()
        inner.streaming(.post, "/files/:name", body: { head in head.pathParameters["name"] == "ok" ? Counting(log: log) : nil }) { request in
            .text((request.streamedBody as? String) ?? "none")
        }
        var outer = Router()
        outer.get("/files/ok") { _ in .text("a GET route") }
        outer.mount("/", inner)
        let post = try HTTPRequest(method: .post, target: "/files/ok")
        #expect(outer.bodyStream(for: post) != nil, "the mount's streaming route")
        #expect(outer.bodyStream(for: try HTTPRequest(method: .post, target: "/files/no")) == nil)
        #expect(outer.bodyStream(for: try HTTPRequest(method: .get, target: "/files/ok")) == nil, "a route of the outer router claims the path")
    }
}
