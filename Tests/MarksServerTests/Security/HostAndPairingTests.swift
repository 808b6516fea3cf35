import Foundation
import MarksAppAPI
import HTTPServer
import MarksCore
import MarksServer
import MarksTestSupport
import Testing

/// DNS rebinding (issue 16, fix 4): only Host values naming this server are answered, and a device registers from
/// another machine only with the registration secret.
@Suite struct HostAndPairingTests {
    @Test(arguments: [
        ("127.0.0.1:8080", true), ("127.0.0.1", true), ("[::1]:8080", true), ("192.168.1.20:8080", true), ("localhost:8080", true),
        ("LOCALHOST.", true), ("app.localhost", true), ("marks.example.com", true), ("Marks.Example.com:443", true),
        ("other.example.com", false), ("rebind.attacker.example:8080", false), ("127.0.0.1.nip.io", false),
        ("localhost.attacker.example", false), ("127.0.0.1:80x", false), ("[::1", false), ("[zz]:80", false),
    ])
    func hostValues(host: String, allowed: Bool) {
        let policy = HostPolicy(publicURL: "https://marks.example.com/", names: ["tablet.lan"])
        #expect(policy.allows(host) == allowed, "\(host)")
    }

    @Test func configuredNamesAndMissingHostAreAnswered() {
        let policy = HostPolicy(names: ["tablet.lan"])
        #expect(policy.allows("tablet.lan:8080"))
        #expect(policy.allows(nil))
        #expect(!policy.allows("marks.example.com"))
    }

    static func app(_ fixture: AppAPIFixture) -> Router {
        var context = MarksApp.Context(version: "test", logError: { _ in }, backend: fixture.api)
        context.hosts = HostPolicy()
        return MarksApp(context: context).router
    }

    static func send(_ router: Router, _ path: String, host: String, headers: [(String, String)] = [], from address: String = "127.0.0.1",
                     body: String = "") async throws -> HTTPResponse {
        var all = HTTPHeaders(headers)
        all.add("Host", host)
        return try await router.respond(to: HTTPRequest(method: .post, target: path, headers: all, body: Data(body.utf8), remoteAddress: address))
    }

    static let registration = #"{"device_id":"phone-1","platform":"test","app_version":"1"}"#

    @Test func aRebindingPageGets421AndNoToken() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let router = Self.app(fixture)
        let rebound = try await Self.send(router, "/v1/auth/register", host: "rebind.attacker.example:8080", body: Self.registration)
        #expect(rebound.status == 421)
        #expect(rebound.headers["Content-Type"]?.hasPrefix("application/json") == true)
        guard case .bytes(let body) = rebound.body else { Issue.record("no body"); return }
        #expect(!String(decoding: body, as: UTF8.self).contains("attacker"), "the error repeats no input")
        #expect(router.bodyLimit(for: try HTTPRequest(method: .post, target: "/v1/auth/register", headers: ["Host": "rebind.attacker.example"])) == 0)
        let genuine = try await Self.send(router, "/v1/auth/register", host: "127.0.0.1:8080", body: Self.registration)
        #expect(genuine.status == 200)
    }

    @Test func registrationFromAnotherMachineNeedsTheSecret() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let router = Self.app(fixture)
        let lan = try await Self.send(router, "/v1/auth/register", host: "192.168.1.20:8080", from: "192.168.1.7", body: Self.registration)
        #expect(lan.status == 403)
        let proxied = try await Self.send(router, "/v1/auth/register", host: "127.0.0.1:8080", headers: [("X-Forwarded-For", "203.0.113.9")],
                                          body: Self.registration)
        #expect(proxied.status == 403)

        var config = MarksConfig()
        config.registrationSecret = "s3cret"
        let guarded = try AppAPIFixture(config: config)
        defer { guarded.remove() }
        let withSecret = try await Self.send(Self.app(guarded), "/v1/auth/register", host: "192.168.1.20:8080",
                                             headers: [("X-Marks-Registration-Secret", "s3cret")], from: "192.168.1.7", body: Self.registration)
        #expect(withSecret.status == 200)
    }

    /// Fix 4's pairing code: from another machine, the code Settings made registers a device once; a used, wrong or
    /// expired code is 403, and five wrong tries end a code. Before it, only the registration secret worked.
    @Test func aPairingCodeRegistersFromAnotherMachineOnce() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let router = Self.app(fixture)
        func register(_ code: String, device: String = "phone-1") async throws -> Int {
            try await Self.send(router, "/v1/auth/register", host: "192.168.1.20:8080", headers: [("X-Marks-Pairing-Code", code)],
                                from: "192.168.1.7", body: #"{"device_id":"\#(device)","platform":"test","app_version":"1"}"#).status
        }
        let code = try fixture.api.pairing.issue()
        #expect(code.code.wholeMatch(of: #/[A-Z2-9]{4}-[A-Z2-9]{4}/#) != nil)
        #expect(try await register("WRONG-CODE") == 403)
        #expect(try await register(code.code.lowercased().replacingOccurrences(of: "-", with: " ")) == 200, "case, spaces and dashes do not matter")
        #expect(try await register(code.code, device: "phone-2") == 403, "a code works once")
        // A malformed body does not use a code up.
        let second = try fixture.api.pairing.issue()
        let malformed = try await Self.send(router, "/v1/auth/register", host: "192.168.1.20:8080", headers: [("X-Marks-Pairing-Code", second.code)],
                                            from: "192.168.1.7", body: "{")
        #expect(malformed.status == 400)
        #expect(try await register(second.code, device: "phone-3") == 200)
        // Ten minutes later a code is dead.
        let late = try fixture.api.pairing.issue()
        fixture.clock.advance(PairingCodes.lifetime + 1)
        #expect(try await register(late.code) == 403)
        // Five wrong tries end it.
        let guessed = try fixture.api.pairing.issue()
        for attempt in 0..<PairingCodes.wrongTriesAllowed { #expect(try await register("AAAA-AAA\(attempt)") == 403) }
        #expect(try await register(guessed.code) == 403)
        // The secret still works where it is set, and a pairing code stands in for it.
        var config = MarksConfig()
        config.registrationSecret = "s3cret"
        let guarded = try AppAPIFixture(config: config)
        defer { guarded.remove() }
        let paired = try guarded.api.pairing.issue()
        let withCode = try await Self.send(Self.app(guarded), "/v1/auth/register", host: "192.168.1.20:8080",
                                           headers: [("X-Marks-Pairing-Code", paired.code)], from: "192.168.1.7", body: Self.registration)
        #expect(withCode.status == 200)
    }
}
