import Foundation
import MarksTestSupport
import Synchronization
import Testing
@testable import HTTPServer

/// `HTTPResponse.Body.stream`: a body written while it is sent, on a real server read with a raw socket — pieces
/// arrive before the end, the client going away cancels the producer, a full buffer makes the producer wait, and
/// stopping the server ends a stream that waits.
@Suite struct StreamedBodyTests {
    /// Answers `/stream` with `body`.
    struct Streaming: HTTPResponder {
        let body: HTTPStreamBody

        func respond(to request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: .stream(body))
        }
    }

    /// The chunked body decoded (RFC 9112 7.1); nil when it is not complete.
    static func dechunk(_ bytes: [UInt8]) -> String? {
        var rest = Substring(String(decoding: bytes, as: UTF8.self))
        var body = ""
        while let lineEnd = rest.range(of: "\r\n") {
            guard let size = Int(rest[..<lineEnd.lowerBound], radix: 16) else { return nil }
            rest = rest[lineEnd.upperBound...]
            if size == 0 { return body }
            let data = Array(rest.utf8)
            guard data.count >= size + 2 else { return nil }
            body += String(decoding: data[..<size], as: UTF8.self)
            rest = Substring(String(decoding: data[(size + 2)...], as: UTF8.self))
        }
        return nil
    }

    @Test func piecesArriveBeforeTheBodyEnds() async throws {
        let gate = Gate()
        let body = HTTPStreamBody { writer in
            try await writer.write("event: token\ndata: first\n\n")
            await gate.wait()
            try await writer.write("event: answer\ndata: second\n\n")
        }
        try await withLiveServer(responder: Streaming(body: body)) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try #require(await connection.read(until: "data: first"), "the first piece came while the producer waits")
            let text = String(decoding: head, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.lowercased().contains("transfer-encoding: chunked"))
            #expect(!text.contains("data: second"))
            gate.open()
            let tail = try #require(await connection.read(until: "0\r\n\r\n"), "the body ends with the last chunk")
            let bodyStart = try #require(text.range(of: "\r\n\r\n")).upperBound
            #expect(Self.dechunk(Array(text[bodyStart...].utf8) + tail) == "event: token\ndata: first\n\nevent: answer\ndata: second\n\n")
        }
    }

    @Test func theClientGoingAwayCancelsTheProducer() async throws {
        let log = EventLog()
        let stopped = Gate()
        let body = HTTPStreamBody { writer in
            do {
                var piece = 0
                while true {
                    piece += 1
                    try await writer.write("data: piece \(piece)\n\n")
                    try await Task.sleep(for: .milliseconds(20))  // the behaviour under test: a producer that trickles
                }
            } catch {
                log.record(error is CancellationError ? "cancelled" : "failed: \(error)")
                stopped.open()
                throw error
            }
        }
        try await withLiveServer(responder: Streaming(body: body)) { server, port in
            do {
                let connection = try RawConnection(port: port)
                await connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(await connection.read(until: "piece 2") != nil)
            } // closed here
            await stopped.wait()
            #expect(log.all == ["cancelled"])
            var contexts = server.liveRequestContexts
            await eventually(within: .seconds(30), every: .milliseconds(10)) {
                contexts = server.liveRequestContexts
                return contexts == 0
            }
            #expect(contexts == 0, "the request's state is released")
        }
    }

    @Test func aFullBufferMakesTheProducerWait() async throws {
        let written = Atomic(0)
        let total = 64 << 20
        let piece = Data(repeating: 0x61, count: 64 * 1024)
        let body = HTTPStreamBody(bufferLimit: 16 * 1024) { writer in
            while written.load(ordering: .relaxed) < total {
                try await writer.write(piece)
                written.add(piece.count, ordering: .relaxed)
            }
        }
        try await withLiveServer(responder: Streaming(body: body)) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /stream HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            // The client reads nothing: the producer must stall far below the whole body (socket buffers take some).
            var last = -1
            var now = written.load(ordering: .relaxed)
            let deadline = ContinuousClock.now + .seconds(20)
            while now != last, ContinuousClock.now < deadline {
                last = now
                try await Task.sleep(for: .milliseconds(300))  // stays: a stall shows only as no progress over a span
                now = written.load(ordering: .relaxed)
            }
            #expect(now < total / 4, "the producer waited for the client (\(now) bytes written)")
            let (_, received) = await connection.waitForClose(timeout: .seconds(30))
            #expect(received.count > total, "then the whole body came once the client read")
        }
    }

    @Test func stoppingTheServerEndsAStreamThatWaits() async throws {
        let log = EventLog()
        let body = HTTPStreamBody { writer in
            try await writer.write("data: first\n\n")
            do {
                try await Task.sleep(for: .seconds(60))  // the behaviour under test: a stream that waits until stopped
            } catch {
                log.record("cancelled")
                throw error
            }
        }
        var configuration = HTTPServer.Configuration()
        configuration.shutdownGracePeriod = .milliseconds(200)
        let server = HTTPServer(configuration: configuration, responder: Streaming(body: body))
        let port = try server.start()
        let connection = try RawConnection(port: port)
        await connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await connection.read(until: "data: first") != nil)
        let started = ContinuousClock.now
        await server.stop()
        #expect(ContinuousClock.now - started < .seconds(40))  // not the body's minute; loose for a loaded machine
        let (closed, _) = await connection.waitForClose()
        #expect(closed)
        #expect(server.liveRequestContexts == 0)
        // The body's task sees its cancellation on its own schedule: in a loaded run that can be after the close.
        await eventually(within: .seconds(30)) { !log.all.isEmpty }
        #expect(log.all == ["cancelled"])
    }

    @Test func inProcessTheBodyIsCollected() async throws {
        let body = HTTPStreamBody { writer in
            for number in 1...3 { try await writer.write("\(number);") }
        }
        #expect(String(decoding: try await body.collect(), as: UTF8.self) == "1;2;3;")
        let endless = HTTPStreamBody { writer in while true { try await writer.write("xxxxxxxx") } }
        await #expect(throws: HTTPError.self) { try await endless.collect(limit: 1000) }
    }
}
