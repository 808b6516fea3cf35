import Foundation
import HTTPServer
import MarksCore
import MarksServer
import MarksTestSupport
import Testing

/// `/v1/` misses are JSON (fix 7), non-HTML responses carry nosniff and `default-src 'none'` and `/v1/` errors do not
/// echo input (fix 9), and behind a TLS proxy cookies are Secure with HSTS (fix 8) — against the built `marks serve`.
@Suite struct ResponseHeaderTests {
    static func get(_ port: Int, _ path: String, headers: String = "") async throws -> APIReply {
        try await RawHTTP.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n")
    }

    @Test(.enabled(if: ServeBinaryTests.executable != nil, "skipped: the marks executable is not built"))
    func missesHeadersAndHTTPSBehindAProxy() async throws {
        let marks = try #require(ServeBinaryTests.executable)
        let home = try TemporaryDirectory(prefix: "marks-headers")
        defer { home.cleanUp() }
        let server = try RunningProcess(marks, ["serve", "--port", "0", "--data", home.path + "/data", "--public-url", "https://marks.example.com"],
                                        environment: ServeBinaryTests.environment(home))
        let banner = await server.output(containing: "sign in")
        let port = try #require(banner.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression)
            .flatMap { Int(banner[$0].split(separator: ":").last ?? "") })

        let missing = try await Self.get(port, "/v1/nothing/here")
        #expect(missing.status == 404)
        #expect(missing.text.hasPrefix(#"{"error":"#))
        let wrongMethod = try await Self.get(port, "/v1/marks/search")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "POST")
        #expect(wrongMethod.text.hasPrefix(#"{"error":"#))

        for path in ["/healthz", "/v1/nothing", "/api/nothing/"] {
            let reply = try await Self.get(port, path)
            #expect(reply.header("X-Content-Type-Options") == "nosniff", "\(path)")
            #expect(reply.header("Content-Security-Policy") == "default-src 'none'", "\(path)")
            #expect(reply.header("Strict-Transport-Security")?.hasPrefix("max-age=") == true, "\(path)")
        }

        let body = #"{"device_id":"d","platform":"p","app_version":"1","<img src=x onerror=alert(1)>":1}"#
        let echoed = try await RawHTTP.exchange(port: port, """
            POST /v1/auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
            Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
            """)
        #expect(echoed.status == 400)
        #expect(!echoed.text.contains("onerror"), "\(echoed.text)")

        let signInLine = try #require(banner.split(separator: "\n").first { $0.contains("sign in") })
        let link = try #require(signInLine.range(of: #"http://127\.0\.0\.1:\d+/\S+"#, options: .regularExpression).map { String(signInLine[$0]) })
        let path = String(link.dropFirst("http://127.0.0.1:\(port)".count))
        let signedIn = try await Self.get(port, path)
        let cookie = try #require(signedIn.header("Set-Cookie"), "the sign-in link sets a cookie: \(signedIn.status)")
        #expect(cookie.contains("; Secure"))
        _ = await server.stop()
    }

    /// `X-Forwarded-Proto` counts only from a trusted proxy on loopback.
    @Test func forwardedProtoIsBelievedOnlyFromATrustedLoopbackProxy() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        var context = MarksApp.Context(version: "test", logError: { _ in }, backend: fixture.api)
        context.trustedProxy = true
        let router = MarksApp(context: context).router
        func hsts(from address: String) async throws -> String? {
            let request = try HTTPRequest(method: .get, target: "/healthz", headers: ["X-Forwarded-Proto": "https"], remoteAddress: address)
            return try await router.respond(to: request).headers["Strict-Transport-Security"]
        }
        #expect(try await hsts(from: "127.0.0.1") != nil)
        #expect(try await hsts(from: "192.168.1.9") == nil)
        let untrusting = MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, backend: fixture.api)).router
        let request = try HTTPRequest(method: .get, target: "/healthz", headers: ["X-Forwarded-Proto": "https"], remoteAddress: "127.0.0.1")
        #expect(try await untrusting.respond(to: request).headers["Strict-Transport-Security"] == nil)
    }
}
