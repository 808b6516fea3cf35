import Foundation
import MarksAppAPI
import MarksServer
import MarksTestSupport
import Testing

/// Analytics quotas and retention (issue 16, fix 6), over a live server on port 0: a device that sends more than
/// its quota within the window gets 429 with `Retry-After`; when the server's whole analytics store is full, 507;
/// events past the retention period are deleted and their room is given back. Before the fix every batch was stored.
@Suite struct AnalyticsQuotaTests {
    static func send(_ port: Int, token: String, events: Int, padding: Int = 0) async throws -> RawConnection.Response {
        let pad = String(repeating: "x", count: padding)
        let list = (0..<events).map { _ in #"{"name":"app_open","at":"2026-01-15T10:30:00Z","properties":{"pad":"\#(pad)"}}"# }
        let body = #"{"events":[\#(list.joined(separator: ","))]}"#
        let connection = try RawConnection(port: port)
        await connection.send("""
            POST /v1/analytics/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
            Authorization: Bearer \(token)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
            """)
        return try await connection.readResponse(timeout: .seconds(10))
    }

    @Test func aDeviceOverItsQuotaIs429UntilTheWindowMoves() async throws {
        var limits = AppAPILimits()
        limits.analyticsDeviceQuota = AnalyticsQuota(events: 25, bytes: 1 << 20, windowSeconds: 3600)
        let fixture = try AppAPIFixture(limits: limits)
        defer { fixture.remove() }
        let phone = try await fixture.register("phone")
        let tablet = try await fixture.register("tablet")
        let server = try LiveServer(fixture.router)
        #expect(try await Self.send(server.port, token: phone, events: 20).status == 204)
        fixture.clock.advance(600)
        let over = try await Self.send(server.port, token: phone, events: 10)
        #expect(over.status == 429)
        #expect(over.header("Retry-After") == "3000", "the first batch leaves the window 3,000 s from now")
        #expect(over.text.hasPrefix(#"{"error":"#))
        #expect(try fixture.storedEvents().count == 20, "a refused batch stores nothing")
        // Another device has its own quota; the phone fits again once its first batch leaves the window.
        #expect(try await Self.send(server.port, token: tablet, events: 10).status == 204)
        fixture.clock.advance(3001)
        #expect(try await Self.send(server.port, token: phone, events: 10).status == 204)
        await server.stop()
        // Bytes count too: one batch of 25 small events fits the count but not a 1 KB byte quota.
        var tight = AppAPILimits()
        tight.analyticsDeviceQuota = AnalyticsQuota(events: 1000, bytes: 1024, windowSeconds: 3600)
        let small = try AppAPIFixture(limits: tight)
        defer { small.remove() }
        let token = try await small.register("phone")
        let smallServer = try LiveServer(small.router)
        #expect(try await Self.send(smallServer.port, token: token, events: 2, padding: 100).status == 204)
        #expect(try await Self.send(smallServer.port, token: token, events: 5, padding: 200).status == 429)
        await smallServer.stop()
    }

    @Test func aFullStoreIs507AndExpiredEventsGiveTheirRoomBack() async throws {
        var limits = AppAPILimits()
        limits.analyticsTotalBytes = 20_000
        limits.analyticsRetentionSeconds = 7 * 24 * 3600
        let fixture = try AppAPIFixture(limits: limits)
        defer { fixture.remove() }
        let phone = try await fixture.register("phone")
        let laptop = try await fixture.register("laptop")
        let server = try LiveServer(fixture.router)
        // Each event stores its name (8 bytes) and `{"pad":"…"}` (~1 KB): 15 fit in 20,000 bytes, 20 do not.
        #expect(try await Self.send(server.port, token: phone, events: 15, padding: 1000).status == 204)
        let full = try await Self.send(server.port, token: laptop, events: 5, padding: 1000)
        #expect(full.status == 507)
        #expect(full.text.contains("full"))
        #expect(try fixture.storedEvents().count == 15)
        // A week and a day later the old events are gone, and the laptop's batch fits.
        fixture.clock.advance(8 * 24 * 3600)
        #expect(try await Self.send(server.port, token: laptop, events: 5, padding: 1000).status == 204)
        let stored = try fixture.storedEvents()
        #expect(stored.count == 5)
        #expect(stored.allSatisfy { $0.deviceID == "laptop" })
        await server.stop()
    }
}
