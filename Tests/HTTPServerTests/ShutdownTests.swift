import MarksTestSupport
import Foundation
import Testing
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ShutdownTests {
    /// Probes with new connections until the server turns them away (closed before any answer),
    /// which shows `stop()` has begun; waits on sockets, not on a clock.
    static func waitUntilTurnedAway(port: Int) async throws {
        while true {
            let probe: RawConnection
            do {
                probe = try RawConnection(port: port)
            } catch {
                return
            }
            await probe.send("GET /probe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let (closed, received) = await probe.waitForClose(timeout: .seconds(5))
            if closed && received.isEmpty { return }
        }
    }

    @Test func stopLetsAnInFlightHandlerFinish() async throws {
        let started = Gate(), release = Gate(), log = EventLog()
        var router = Router()
        router.get("/slow") { _ in
            started.open()
            await release.wait()
            log.record("handler finished")
            return .text("done")
        }
        let server = HTTPServer(responder: router)
        let port = try server.start()
        let connection = try RawConnection(port: port)
        await connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        await started.wait()

        let stopping = Task {
            await server.stop()
            log.record("stop returned")
        }
        try await Self.waitUntilTurnedAway(port: port)
        let secondStop = Task {
            await server.stop()
            log.record("stop returned")
        }
        #expect(log.all.isEmpty)
        release.open()
        await stopping.value
        await secondStop.value

        let response = try await connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "done")
        #expect(log.all == ["handler finished", "stop returned", "stop returned"])
        #expect(server.liveRequestContexts == 0)
    }

    @Test func stopAnswers503WhenTheGracePeriodRunsOut() async throws {
        let started = Gate(), release = Gate()
        var router = Router()
        router.get("/stuck") { _ in
            started.open()
            await release.wait()
            return .text("too late")
        }
        var configuration = HTTPServer.Configuration()
        configuration.shutdownGracePeriod = .milliseconds(200)
        let server = HTTPServer(configuration: configuration, responder: router)
        let port = try server.start()
        let connection = try RawConnection(port: port)
        await connection.send("GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n")
        await started.wait()
        await server.stop()
        let response = try await connection.readResponse()
        #expect(response.status == 503)
        #expect(response.header("Connection")?.lowercased() == "close")
        release.open()
        #expect(server.liveRequestContexts == 0)
    }

    @Test func idleKeepAliveConnectionsDoNotHoldUpStop() async throws {
        let server = HTTPServer(responder: ResponderFunction { _ in .text("hi") })
        let port = try server.start()
        let connection = try RawConnection(port: port)
        await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try await connection.readResponse().status == 200)
        let begun = ContinuousClock.now
        await server.stop()
        #expect(ContinuousClock.now - begun < .seconds(20)) // not the keep-alive timeout (generous: shared cores)
        #expect(await connection.waitForClose().closed)
    }

    @Test func deinitStopsARunningServer() async throws {
        var port = 0
        do {
            let server = HTTPServer(responder: ResponderFunction { _ in .text("hi") })
            port = try server.start()
            let connection = try RawConnection(port: port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
        }
        #expect(throws: RawConnection.Failure.self) { try RawConnection(port: port) }
    }

    @Test func restartAfterStop() async throws {
        let server = HTTPServer(responder: ResponderFunction { _ in .text("hi") })
        for _ in 0..<3 {
            let port = try server.start()
            let connection = try RawConnection(port: port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().text == "hi")
            await server.stop()
        }
    }
}
