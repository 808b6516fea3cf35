import Foundation
import HTTPServer
import MarksServer
import MarksTestSupport
import Testing

/// Bodies before authentication (issue 16, fix 2), over a live server on port 0: without credentials a body may be
/// 64 KB; with them, each `/v1/` endpoint's own limit applies while the body arrives.
@Suite struct BodyBeforeAuthTests {
    static func post(_ port: Int, _ path: String, length: Int, sendBody: Bool, token: String? = nil) async throws -> RawConnection.Response {
        let connection = try RawConnection(port: port)
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        await connection.send(head + "\r\n")
        if sendBody { await connection.send([UInt8](repeating: 0x20, count: length)) }
        return try await connection.readResponse(timeout: .seconds(5))
    }

    @Test func anonymousBodiesAreRefusedBeforeTheyAreRead() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let server = try LiveServer(fixture.router)
        // Only the head is sent: the answer comes without the body.
        let anonymous = try await Self.post(server.port, "/v1/marks/search", length: 1_000_000, sendBody: false)
        #expect(anonymous.status == 413)
        #expect(anonymous.text.hasPrefix(#"{"error":"#))
        let forged = try await Self.post(server.port, "/v1/marks/search", length: 1_000_000, sendBody: false, token: "a.b.c")
        #expect(forged.status == 413)
        // Fifteen megabytes from twenty strangers at once: each refused at its head.
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await Self.post(server.port, "/v1/analytics/events", length: 15_000_000, sendBody: false).status }
            }
            for try await status in group { #expect(status == 413) }
        }
        await server.stop()
    }

    @Test func aGenuineTokenGetsTheEndpointsOwnLimit() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let token = try await fixture.register()
        let server = try LiveServer(fixture.router)
        let fits = try await Self.post(server.port, "/v1/marks/search", length: 1_000_000, sendBody: true, token: token)
        #expect(fits.status == 400, "a body of spaces under the 2 MB search limit is read (and is not JSON): \(fits.text)")
        let over = try await Self.post(server.port, "/v1/marks/search", length: 3_000_000, sendBody: false, token: token)
        #expect(over.status == 413)
        #expect(over.text.contains("2097152"))
        let analytics = try await Self.post(server.port, "/v1/analytics/events", length: 300_000, sendBody: false, token: token)
        #expect(analytics.status == 413)
        await server.stop()
    }

    @Test func theRouterLimitsAnonymousBodiesEverywhere() throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        for path in ["/", "/api/bookmarks/", "/v1/marks/enrich", "/bookmarks/new"] {
            let head = try HTTPRequest(method: .post, target: path)
            #expect(fixture.router.bodyLimit(for: head) == MarksApp.anonymousBodyLimit, "\(path)")
        }
        let registration = try HTTPRequest(method: .post, target: "/v1/auth/register")
        #expect(fixture.router.bodyLimit(for: registration) == 4 * 1024)
    }
}
