import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksTestSupport
import SystemSupport
import Testing
@testable import MarksServer

/// Issue 35 in the web app: Settings → Devices lists the apps registered with `/v1/` and revokes them; Sign out
/// everywhere revokes their tokens too; a signed-in session (cookie and CSRF token, as the web's own requests send them)
/// registers an app with the owner scope; the pairing code comes with a QR code.
@Suite struct WebAppDevicesTests {
    /// The web app and the backend in one `marks serve` router.
    struct Harness {
        let backend: AppAPIFixture
        let web: WebHarness
        let router: Router

        static func make(heavy: HeavyRequests = HeavyRequests()) async throws -> Harness {
            let backend = try AppAPIFixture()
            var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
            options.pairing = backend.api.pairing
            options.backendDevices = backend.api.devices
            let web = try await WebHarness.make(options: options)
            let router = MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, backend: backend.api, web: web.app,
                                                            heavy: heavy)).router
            return Harness(backend: backend, web: web, router: router)
        }

        func cleanUp() {
            backend.remove()
            web.cleanUp()
        }

        /// A `/v1/` search with `token`'s device.
        func search(_ token: String) async throws -> Int {
            try await backend.send("/v1/marks/search", json: #"{"query":"x","bookmarks":[]}"#, token: token).status
        }
    }

    @Test func appsAreListedAndRevokedInSettings() async throws {
        let harness = try await Harness.make()
        defer { harness.cleanUp() }
        let phone = try await harness.backend.register("phone-1234567890abcdef")
        let tablet = try await harness.backend.register("tablet-1", owner: false)
        #expect(try await harness.search(phone) == 200)
        var client = try await harness.web.signedIn()
        let settings = WebClient.text(try await client.get("/settings"))
        #expect(settings.contains("id=\"apps\""))
        #expect(settings.contains("phone-123456"))
        #expect(settings.contains("reads your library"))
        #expect(settings.contains("sends its own data only"))
        #expect(settings.contains("last seen "))

        let revoked = try await client.post("/settings/apps/phone-1234567890abcdef/revoke")
        #expect(revoked.status == 303)
        #expect(try await harness.search(phone) == 401, "a revoked token is refused at once")
        #expect(try await harness.search(tablet) == 200)
        let after = WebClient.text(try await client.get("/settings?notice=revoked-app"))
        #expect(!after.contains("phone-123456"))
        #expect(after.contains("must pair again"))

        var stranger = harness.web.anonymous()
        _ = try await stranger.post("/settings/apps/revoke-all")
        #expect(try await harness.search(tablet) == 200, "only the signed-in owner revokes")
        _ = try await client.post("/settings/apps/revoke-all")
        #expect(try await harness.search(tablet) == 401)
    }

    @Test func signOutEverywhereRevokesAppTokens() async throws {
        let harness = try await Harness.make()
        defer { harness.cleanUp() }
        let phone = try await harness.backend.register("phone")
        var client = try await harness.web.signedIn()
        let page = WebClient.text(try await client.get("/settings"))
        #expect(page.contains("also revokes every app"))
        _ = try await client.post("/signout?everywhere=1")
        #expect(try await harness.search(phone) == 401)
    }

    /// The owner's signed-in browser registers an app with the owner scope when it sends its CSRF token in
    /// `X-CSRF-Token` from this site; the cookie alone (what any page could make the browser send) does not vouch.
    @Test func aSignedInSessionWithItsCSRFTokenRegistersAnOwnerDevice() async throws {
        let harness = try await Harness.make()
        defer { harness.cleanUp() }
        let client = try await harness.web.signedIn()
        let cookie = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        func register(_ headers: [(String, String)], from address: String = "127.0.0.1") async throws -> (Int, String?) {
            var all = HTTPHeaders(headers + [("Cookie", cookie), ("Host", "127.0.0.1:8080"), ("Content-Type", "application/json")])
            all["Host"] = "127.0.0.1:8080"
            let response = try await harness.router.respond(to: HTTPRequest(
                method: .post, target: "/v1/auth/register", headers: all,
                body: Data(#"{"device_id":"browser","platform":"web","app_version":"1"}"#.utf8), remoteAddress: address))
            guard case .bytes(let body) = response.body else { return (response.status, nil) }
            let object = (try JSONSerialization.jsonObject(with: body)) as? [String: Any]
            return (response.status, object?["scope"] as? String)
        }
        let vouched = try await register([("X-CSRF-Token", client.csrf), ("Sec-Fetch-Site", "same-origin")])
        #expect(vouched.0 == 200)
        #expect(vouched.1 == "owner")
        let fromTheLAN = try await register([("X-CSRF-Token", client.csrf)], from: "192.168.1.7")
        #expect(fromTheLAN.1 == "owner", "the owner's session counts from another machine too")
        let cookieOnly = try await register([])
        #expect(cookieOnly.1 == "anonymous")
        let wrongToken = try await register([("X-CSRF-Token", "forged")])
        #expect(wrongToken.1 == "anonymous")
        let cookieOnlyFromTheLAN = try await register([], from: "192.168.1.7")
        #expect(cookieOnlyFromTheLAN.0 == 403)
    }

    /// Issue 35, item 3 on the web side: with every admission slot taken, a browser without a session gets its sign-in
    /// redirect for the heavy pages (semantic search) at once instead of 503: it never queued for a slot.
    @Test func aSignedOutBrowserNeverHoldsASlot() async throws {
        let heavy = HeavyRequests(policy: AdmissionGate.Policy(limit: 1, budget: .seconds(60), retryAfterSeconds: 5))
        let harness = try await Harness.make(heavy: heavy)
        defer { harness.cleanUp() }
        let client = try await harness.web.signedIn()
        let cookie = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        func get(_ target: String, signedIn: Bool) async throws -> Int {
            var headers = HTTPHeaders([("Host", "127.0.0.1:8080"), ("Accept", "text/html")])
            if signedIn { headers.add("Cookie", cookie) }
            return try await harness.router.respond(to: HTTPRequest(method: .get, target: target, headers: headers, body: Data(),
                                                                    remoteAddress: "127.0.0.1")).status
        }
        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await heavy.gate.run {
                enteredSignal.yield()
                for await _ in release { break }
            }
        }
        for await _ in entered { break }
        for _ in 0..<4 {
            #expect(try await get("/search?q=bread&mode=semantic", signedIn: false) == 303)
        }
        #expect(try await get("/search?q=bread&mode=semantic", signedIn: true) == 503, "the owner's heavy page still meets the gate")
        #expect(try await get("/collections", signedIn: true) == 200, "the Collections tab only reads: no slot needed")
        releaseSignal.yield()
        releaseSignal.finish()
        try await holder.value
    }

    @Test func thePairingCodeComesWithAQRCode() async throws {
        let harness = try await Harness.make()
        defer { harness.cleanUp() }
        var client = try await harness.web.signedIn()
        let page = WebClient.text(try await client.post("/settings/pairing-code"))
        let shown = try #require(page.firstMatch(of: #/id="pairing-code">([A-Z2-9]{4}-[A-Z2-9]{4})</#)?.1)
        #expect(page.contains("id=\"pairing-qr\""))
        let registered = try await harness.backend.send("/v1/auth/register", json: #"{"device_id":"p","platform":"ios","app_version":"1"}"#,
                                                        headers: [("X-Marks-Pairing-Code", String(shown))], from: "192.168.1.7")
        #expect(registered.status == 200)
        #expect(registered.object?["scope"] as? String == "owner")
    }
}
