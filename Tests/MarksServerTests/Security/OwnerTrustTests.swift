import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksServer
import MarksTestSupport
import SystemSupport
import Testing

/// Issue 35: loopback is not a credential. A device registered from this machine without the owner's credential (as
/// another local user, or the seeds' app, would) gets the anonymous scope: it may enrich, rank and group what it sends,
/// and nothing that reads the owner's library; an unauthenticated request never holds an admission slot; registration
/// posts a web page could send are refused before they count, and the owner's registrations are not counted at all.
@Suite struct OwnerTrustTests {
    static let question = #"{"question":"How often do I feed the sourdough starter with rye flour?"}"#
    static let searchBody = #"{"query":"bread","bookmarks":[{"id":1,"title":"Sourdough","domain":"example.com"}]}"#

    /// Ask over a real library, through the router from loopback.
    static func askFixture() async throws -> (AppAPIFixture, Router) {
        let fixture = try AppAPIFixture()
        var api = fixture.api
        api.askService = try await AskLibrary.service(in: fixture.directory)
        let errors = fixture.errors
        let router = MarksApp(context: MarksApp.Context(version: "test", logError: { errors.append($0) }, backend: api)).router
        return (fixture, router)
    }

    static func send(_ router: Router, _ path: String, json: String, token: String?, headers: [(String, String)] = []) async throws -> HTTPResponse {
        var all = HTTPHeaders(headers)
        if let token { all.add("Authorization", "Bearer \(token)") }
        return try await router.respond(to: HTTPRequest(method: .post, target: path, headers: all, body: Data(json.utf8), remoteAddress: "127.0.0.1"))
    }

    static func text(_ response: HTTPResponse) -> String {
        guard case .bytes(let body) = response.body else { return "" }
        return String(decoding: body, as: UTF8.self)
    }

    /// Today's main answered the anonymous device's question with the owner's notes (200); now it is 403 and says how
    /// to pair, while the calls on data it sends itself still work, and an owner device still asks.
    @Test func anAnonymousDeviceFromLoopbackReadsNothingOfTheLibrary() async throws {
        let (fixture, router) = try await Self.askFixture()
        defer { fixture.remove() }
        let registered = try await fixture.send("/v1/auth/register", json: #"{"device_id":"intruder","platform":"ios","app_version":"1"}"#,
                                                headers: [("Content-Type", "application/json")])
        #expect(registered.status == 200)
        #expect(registered.object?["scope"] as? String == "anonymous")
        let anonymous = try #require(registered.object?["token"] as? String)

        let ask = try await Self.send(router, "/v1/marks/ask", json: Self.question, token: anonymous)
        #expect(ask.status == 403)
        #expect(!Self.text(ask).contains("rye"), "nothing of the library in the refusal")
        #expect(Self.text(ask).contains("pairing code"))
        let streamed = try await Self.send(router, "/v1/marks/ask", json: Self.question, token: anonymous, headers: [("Accept", "text/event-stream")])
        #expect(streamed.status == 403)

        // What it sends itself: ranking, grouping, enriching a text, analytics.
        #expect(try await Self.send(router, "/v1/marks/search", json: Self.searchBody, token: anonymous).status == 200)
        #expect(try await Self.send(router, "/v1/marks/collections", json: #"{"bookmarks":[]}"#, token: anonymous).status == 200)
        let enrich = try await Self.send(router, "/v1/marks/enrich",
                                         json: #"{"url":"https://example.com/a","title":"Bread","text":"Sourdough needs time."}"#, token: anonymous)
        #expect(enrich.status == 200)
        #expect(try await Self.send(router, "/v1/analytics/events", json: #"{"events":[]}"#, token: anonymous).status == 204)

        let owner = try await fixture.register("owner-phone")
        let answered = try await Self.send(router, "/v1/marks/ask", json: Self.question, token: owner)
        #expect(answered.status == 200)
    }

    /// A token with no credential at all is 401 on every library route; an anonymous one is refused on the podcast routes
    /// that would tell what the owner saved (403 for a page the server fetches; 404, as for an id nobody made, for a job it did
    /// not ask for), and may speak a text
    /// it sends and follow its own job.
    @Test func anAnonymousDeviceHearsNoEpisodeOfTheOwners() async throws {
        let fixture = try await PodcastFixture(voiceProgram: "/bin/false")
        let owner = try await fixture.register("owner-phone")
        let anonymous = try await fixture.register("intruder", owner: false)
        let saved = #"{"url":"https://bank.example/pin-reminder","title":"PIN","text":"The PIN of my bank card is written on the fridge."}"#
        let ownersJob = try await fixture.call("POST", "/v1/podcast/generate", json: saved, token: owner)
        #expect(ownersJob.status == 202)
        let jobID = try #require(ownersJob.json?["job_id"] as? String)

        // The owner's job is answered as if it did not exist: the same 404 as an id nobody made.
        let status = try await fixture.call("GET", "/v1/podcast/status/\(jobID)", token: anonymous)
        #expect(status.status == 404)
        #expect(!String(decoding: status.body, as: UTF8.self).contains("PIN"))
        let unknown = try await fixture.call("GET", "/v1/podcast/status/\(String(repeating: "0", count: 32))", token: anonymous)
        #expect(unknown.status == 404)
        #expect(String(decoding: status.body, as: UTF8.self).replacingOccurrences(of: jobID, with: "ID")
                == String(decoding: unknown.body, as: UTF8.self).replacingOccurrences(of: String(repeating: "0", count: 32), with: "ID"))
        #expect(try await fixture.call("GET", "/v1/podcast/audio/\(jobID)", token: anonymous).status == 404)
        #expect(try await fixture.call("GET", "/v1/podcast/status/\(jobID)", token: nil).status == 401)
        #expect(try await fixture.call("GET", "/v1/podcast/audio/\(jobID)", token: nil).status == 401)
        let fetched = try await fixture.call("POST", "/v1/podcast/generate", json: #"{"url":"https://bank.example/pin-reminder"}"#, token: anonymous)
        #expect(fetched.status == 403, "without a text of its own the server would fetch (or find) the owner's page")
        #expect(try await fixture.call("POST", "/v1/marks/ask", json: Self.question, token: anonymous).status == 403)

        let own = try await fixture.call("POST", "/v1/podcast/generate",
                                         json: #"{"url":"https://example.com/mine","text":"A text this device sends itself."}"#, token: anonymous)
        #expect(own.status == 202)
        let ownID = try #require(own.json?["job_id"] as? String)
        #expect(try await fixture.call("GET", "/v1/podcast/status/\(ownID)", token: anonymous).status == 200)
        #expect(try await fixture.call("GET", "/v1/podcast/status/\(jobID)", token: owner).status == 200, "the owner sees every job")
        await fixture.close()
    }

    /// Issue 35, item 3: with every admission slot taken, a request without credentials (or with an anonymous token on
    /// Ask) is answered 401/403 at once instead of 503, which shows it never queued for a slot; an authenticated heavy
    /// request still meets the gate. Today's main took the slot first and answered 503.
    @Test func anUnauthenticatedRequestNeverHoldsASlot() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let heavy = HeavyRequests(policy: AdmissionGate.Policy(limit: 1, budget: .seconds(60), retryAfterSeconds: 5))
        let router = MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, backend: fixture.api, heavy: heavy)).router
        let owner = try await fixture.register("owner-phone")
        let anonymous = try await fixture.register("intruder", owner: false)

        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await heavy.gate.run {
                enteredSignal.yield()
                for await _ in release { break }
            }
        }
        for await _ in entered { break }
        #expect(heavy.gate.inFlight == 1)

        for _ in 0..<6 {
            #expect(try await Self.send(router, "/v1/marks/ask", json: Self.question, token: nil).status == 401)
            #expect(try await Self.send(router, "/v1/marks/search", json: Self.searchBody, token: "forged.token.value").status == 401)
            #expect(try await Self.send(router, "/v1/marks/ask", json: Self.question, token: anonymous).status == 403)
        }
        let busy = try await Self.send(router, "/v1/marks/search", json: Self.searchBody, token: owner)
        #expect(busy.status == 503, "an authenticated heavy request still waits for the gate")
        #expect(heavy.gate.inFlight == 1)

        releaseSignal.yield()
        releaseSignal.finish()
        try await holder.value
        #expect(try await Self.send(router, "/v1/marks/search", json: Self.searchBody, token: owner).status == 200)
    }

    /// Issue 35, item 6: posts a web page could make (another site's `Origin` or `Sec-Fetch-Site`, a `text/plain` or
    /// form body) are refused before they count, so they cannot lock the owner out; the owner's own registrations (a
    /// pairing code here) are not counted against the anonymous limit. Today's main counted them all and answered 429.
    @Test func junkRegistrationsDoNotLockTheOwnerOut() async throws {
        var limits = AppAPILimits()
        limits.registrations = RateLimit(count: 1, windowSeconds: 600)
        let fixture = try AppAPIFixture(limits: limits)
        defer { fixture.remove() }
        let body = #"{"device_id":"junk","platform":"web","app_version":"1"}"#
        for _ in 0..<10 {
            #expect(try await fixture.send("/v1/auth/register", json: body, headers: [("Content-Type", "text/plain;charset=UTF-8")]).status == 415)
            #expect(try await fixture.send("/v1/auth/register", json: body,
                                           headers: [("Content-Type", "application/x-www-form-urlencoded")]).status == 415)
            #expect(try await fixture.send("/v1/auth/register", json: body,
                                           headers: [("Content-Type", "application/json"), ("Sec-Fetch-Site", "cross-site")]).status == 403)
            #expect(try await fixture.send("/v1/auth/register", json: body,
                                           headers: [("Host", "127.0.0.1:8080"), ("Origin", "https://evil.example")]).status == 403)
        }
        // The one anonymous registration the limit allows is still there, and owner registrations are never counted.
        _ = try await fixture.register("phone", owner: false)
        for index in 0..<5 { _ = try await fixture.register("owner-\(index)") }
        let limited = try await fixture.send("/v1/auth/register", json: body, headers: [("Content-Type", "application/json")])
        #expect(limited.status == 429)
        _ = try await fixture.register("owner-after", owner: true)
    }

    /// An owner device renews its scope with its live token (`Authorization: Bearer`), uncounted, before the token
    /// expires; an anonymous or a foreign device's token renews nothing, and from another machine a token that does not
    /// qualify is a 403 like no credential at all.
    @Test func anOwnerDeviceRenewsWithItsLiveToken() async throws {
        var limits = AppAPILimits()
        limits.registrations = RateLimit(count: 1, windowSeconds: 600)
        let fixture = try AppAPIFixture(limits: limits)
        defer { fixture.remove() }
        let body = #"{"device_id":"owner-phone","platform":"ios","app_version":"1"}"#
        var token = try await fixture.register("owner-phone")
        for _ in 0..<3 {
            let renewed = try await fixture.send("/v1/auth/register", json: body, token: token, headers: [("Content-Type", "application/json")],
                                                 from: "192.168.1.7")
            #expect(renewed.status == 200)
            #expect(renewed.object?["scope"] as? String == "owner")
            let fresh = try #require(renewed.object?["token"] as? String)
            #expect(try await fixture.send("/v1/marks/search", json: Self.searchBody, token: token).status == 401, "the old token ends")
            token = fresh
        }
        let anonymous = try await fixture.register("intruder", owner: false)
        let notOwner = try await fixture.send("/v1/auth/register", json: #"{"device_id":"intruder","platform":"ios","app_version":"1"}"#,
                                              token: anonymous, from: "192.168.1.7")
        #expect(notOwner.status == 403)
        let someoneElses = try await fixture.send("/v1/auth/register", json: #"{"device_id":"other","platform":"ios","app_version":"1"}"#,
                                                  token: token, from: "192.168.1.7")
        #expect(someoneElses.status == 403, "a token renews its own device only")
        let garbage = try await fixture.send("/v1/auth/register", json: body, token: "not.a.token", from: "192.168.1.7")
        #expect(garbage.status == 403)
    }
}
