import Foundation
import MarksTestSupport
import Testing
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Connection floods (issue 16, fix 1): idle and slow-header connections must not lock anyone out.
@Suite struct FloodTests {
    static let ok = ResponderFunction { _ in .text("ok") }

    /// A fresh connection is answered while 500 idle and 500 slow-header connections are open.
    @Test func aThousandSlowConnectionsLeaveRoomForAFreshOne() async throws {
        try await withLiveServer(responder: Self.ok) { _, port in
            var held: [RawConnection] = []
            for index in 0..<1000 {
                let connection = try RawConnection(port: port)
                if index.isMultiple(of: 2) { await connection.send("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ") }
                held.append(connection)
            }
            let fresh = try RawConnection(port: port)
            await fresh.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try await fresh.readResponse(timeout: .seconds(5))
            #expect(response.status == 200)
            #expect(held.count == 1000)
        }
    }

    /// Headers sent a byte at a time never finish: the connection is closed at the header deadline.
    @Test func slowHeadersAreCutOffAtTheDeadline() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.headerTimeout = .seconds(1)
        try await withLiveServer(configuration, responder: Self.ok) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\n")
            let started = ContinuousClock.now
            var stillOpen = true
            // Cut off after about a second; the bounds are loose, since a loaded machine runs the server's timer late.
            while stillOpen, ContinuousClock.now - started < .seconds(30) {
                stillOpen = await connection.send("X")
                let (closed, _) = await connection.waitForClose(timeout: .milliseconds(200))
                if closed { stillOpen = false }
            }
            #expect(!stillOpen)
            #expect(ContinuousClock.now - started < .seconds(20))
        }
    }

    /// A keep-alive connection that sends nothing after its response is closed after the keep-alive timeout.
    @Test func idleKeepAliveIsClosed() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.keepAliveTimeout = .seconds(1)
        try await withLiveServer(configuration, responder: Self.ok) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().text == "ok")
            let started = ContinuousClock.now
            // Closed after about a second; the bound is loose, since a loaded machine runs the server's timer late.
            let (closed, _) = await connection.waitForClose(timeout: .seconds(30))
            #expect(closed)
            #expect(ContinuousClock.now - started < .seconds(20))
        }
    }

    /// A request that keeps its connection busy is not cut off by the header deadline.
    @Test func aSlowHandlerKeepsItsConnection() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.headerTimeout = .milliseconds(300)
        configuration.keepAliveTimeout = .milliseconds(300)
        let slow = ResponderFunction { _ in
            try await Task.sleep(for: .seconds(1))  // the behaviour under test: a handler slower than the header deadline
            return .text("done")
        }
        try await withLiveServer(configuration, responder: slow) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().text == "done")
        }
    }

    /// From a non-loopback address: at most `maxConnectionsPerAddress` connections, and the non-loopback total
    /// stays below `maxConnections - loopbackReserve`; loopback still gets in. Needs an interface address that
    /// is not loopback (every CI machine has one).
    @Test func perAddressLimitAndLoopbackReserve() async throws {
        let address = try #require(Self.nonLoopbackAddress(), "this machine has no non-loopback IPv4 address")
        var configuration = HTTPServer.Configuration()
        configuration.host = "0.0.0.0"
        configuration.maxConnectionsPerAddress = 4
        configuration.keepAliveTimeout = .seconds(120)  // the held connections stay however slow the machine is
        try await withLiveServer(configuration, responder: Self.ok) { _, port in
            var held: [RawConnection] = []
            for _ in 0..<4 {
                let connection = try RawConnection(port: port, host: address)
                await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await connection.readResponse().text == "ok")
                held.append(connection)
            }
            let fifth = try RawConnection(port: port, host: address)
            await fifth.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let (closed, received) = await fifth.waitForClose(timeout: .seconds(5))
            #expect(closed)
            #expect(received.isEmpty)
            let local = try RawConnection(port: port)
            await local.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await local.readResponse().text == "ok")
        }

        configuration.maxConnectionsPerAddress = 100
        configuration.maxConnections = 12
        configuration.loopbackReserve = 6
        try await withLiveServer(configuration, responder: Self.ok) { _, port in
            var held: [RawConnection] = []
            for _ in 0..<6 {
                let connection = try RawConnection(port: port, host: address)
                await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await connection.readResponse().text == "ok")
                held.append(connection)
            }
            let seventh = try RawConnection(port: port, host: address)
            await seventh.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await seventh.waitForClose(timeout: .seconds(5)).closed)
            let local = try RawConnection(port: port)
            await local.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await local.readResponse().text == "ok")
        }
    }

    /// The first IPv4 address of an interface that is up and not loopback.
    static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0, entry.pointee.ifa_flags & UInt32(IFF_UP) != 0
            else { continue }
            var buffer = [CChar](repeating: 0, count: 64)
            let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &buffer, 64) != nil
            }
            if ok { return String(cString: buffer) }
        }
        return nil
    }
}
