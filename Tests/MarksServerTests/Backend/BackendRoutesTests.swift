import MarksTestSupport
import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksEngine
import MarksServer
import Testing

/// `/v1/` through the router: auth, limits, analytics, errors.
@Suite struct BackendRoutesTests {
    func withFixture(config: MarksConfig = MarksConfig(), limits: AppAPILimits = AppAPILimits(),
                     embedder: any MarksEngineTextEmbedder = TestEmbedder(),
                     _ body: (AppAPIFixture) async throws -> Void) async throws {
        let fixture = try AppAPIFixture(config: config, limits: limits, embedder: embedder)
        defer { fixture.remove() }
        try await body(fixture)
    }

    static let searchBody = #"{"query":"swift actors","bookmarks":[{"id":1,"title":"Pasta recipes","domain":"food.example"},{"id":2,"title":"Swift actors explained","domain":"swift.org","summary":"Actors isolate state."}]}"#

    @Test func registrationIssuesATokenThatWorks() async throws {
        try await withFixture { fixture in
            let reply = try await fixture.send("/v1/auth/register", json: #"{"device_id":"d-1","platform":"linux-cli","app_version":"0.1"}"#)
            #expect(reply.status == 200)
            #expect(reply.headers["Content-Type"] == "application/json")
            let object = try #require(reply.object)
            #expect(Set(object.keys) == ["token", "expires_at", "scope"])
            #expect(object["scope"] as? String == "anonymous", "from loopback without a credential")
            #expect(object["expires_at"] as? String == "2027-02-14T08:00:00Z")  // 30 days after the fixture's clock
            let token = try #require(object["token"] as? String)
            let search = try await fixture.send("/v1/marks/search", json: Self.searchBody, token: token)
            #expect(search.status == 200)
            let results = try #require(search.object?["results"] as? [[String: Any]])
            #expect(results.compactMap { $0["id"] as? Int } == [2, 1])
            #expect(search.object?["engine"] as? String == "offline")
        }
    }

    @Test(arguments: ["/v1/marks/enrich", "/v1/marks/search", "/v1/marks/collections", "/v1/analytics/events"])
    func everyOtherCallNeedsABearerToken(path: String) async throws {
        try await withFixture { fixture in
            for headers in [[], [("Authorization", "Token abc")], [("Authorization", "Bearer ")], [("Authorization", "Bearer x.y.z")]] {
                let reply = try await fixture.send(path, json: "{}", headers: headers)
                #expect(reply.status == 401, "\(headers)")
                #expect(reply.headers["WWW-Authenticate"] == "Bearer realm=\"marks\"")
                #expect(reply.error?.isEmpty == false)
            }
        }
    }

    @Test func wrongMethodsAndUnknownPathsAnswerJSON() async throws {
        try await withFixture { fixture in
            let get = try await fixture.send("/v1/marks/search", method: .get)
            #expect(get.status == 405)
            #expect(get.headers["Allow"] == "POST")
            #expect(get.error != nil)
            let unknown = try await fixture.send("/v1/marks/nothing", json: "{}")
            #expect(unknown.status == 404)
            #expect(unknown.error != nil)
        }
    }

    @Test func devicesAreRateLimited() async throws {
        var limits = AppAPILimits()
        limits.rankCalls = RateLimit(count: 2, windowSeconds: 60)
        try await withFixture(limits: limits) { fixture in
            let token = try await fixture.register()
            let other = try await fixture.register("device-2")
            #expect(try await fixture.send("/v1/marks/search", json: Self.searchBody, token: token).status == 200)
            #expect(try await fixture.send("/v1/marks/collections", json: #"{"bookmarks":[]}"#, token: token).status == 200)
            let limited = try await fixture.send("/v1/marks/search", json: Self.searchBody, token: token)
            #expect(limited.status == 429)
            #expect(limited.headers["Retry-After"] == "60")
            #expect(limited.error == "Too many search and collections calls from this device; try again in 60 s.")
            #expect(try await fixture.send("/v1/marks/search", json: Self.searchBody, token: other).status == 200)
            fixture.clock.advance(60)
            #expect(try await fixture.send("/v1/marks/search", json: Self.searchBody, token: token).status == 200)
        }
    }

    @Test func registrationsAreRateLimitedPerAddress() async throws {
        var limits = AppAPILimits()
        limits.registrations = RateLimit(count: 1, windowSeconds: 600)
        try await withFixture(limits: limits) { fixture in
            _ = try await fixture.register(owner: false, from: "127.0.0.7")
            let limited = try await fixture.send("/v1/auth/register", json: #"{"device_id":"x","platform":"p","app_version":"1"}"#, from: "127.0.0.7")
            #expect(limited.status == 429)
            #expect(limited.headers["Retry-After"] == "600")
            _ = try await fixture.register(owner: false, from: "127.0.0.8")
        }
    }

    @Test func aRegistrationSecretCanBeRequired() async throws {
        try await withFixture(config: MarksConfig(registrationSecret: "let me in")) { fixture in
            let body = #"{"device_id":"d","platform":"p","app_version":"1"}"#
            let missing = try await fixture.send("/v1/auth/register", json: body)
            #expect(missing.status == 403)
            #expect(missing.error?.contains("X-Marks-Registration-Secret") == true)
            #expect(try await fixture.send("/v1/auth/register", json: body, headers: [("X-Marks-Registration-Secret", "nope")]).status == 403)
            #expect(try await fixture.send("/v1/auth/register", json: body, headers: [("X-Marks-Registration-Secret", "let me in")]).status == 200)
            let inBody = #"{"device_id":"d","platform":"p","app_version":"1","registration_secret":"let me in"}"#
            #expect(try await fixture.send("/v1/auth/register", json: inBody).status == 200)
        }
    }

    @Test func limitsAnswer4xxWithTheReason() async throws {
        var limits = AppAPILimits()
        limits.collectionsBody = 200
        try await withFixture(limits: limits) { fixture in
            let token = try await fixture.register()
            let items = (0..<201).map { #"{"id":\#($0),"title":"t","domain":"d"}"# }.joined(separator: ",")
            let tooMany = try await fixture.send("/v1/marks/search", json: #"{"query":"q","bookmarks":[\#(items)]}"#, token: token)
            #expect(tooMany.status == 400)
            #expect(tooMany.error == "bookmarks has 201 entries; at most 200 are accepted. Send fewer.")
            let notes = try await fixture.send("/v1/marks/search", json: #"{"query":"q","bookmarks":[{"id":1,"title":"t","domain":"d","notes":"diary"}]}"#, token: token)
            #expect(notes.status == 400)
            #expect(notes.error?.contains("bookmarks[0].notes") == true)
            let large = try await fixture.send("/v1/marks/collections", json: #"{"bookmarks":[\#(items)]}"#, token: token)
            #expect(large.status == 413)
            let blank = try await fixture.send("/v1/marks/search", json: #"{"query":" ","bookmarks":[]}"#, token: token)
            #expect(blank.error == "query is empty; give a value.")
            let malformed = try await fixture.send("/v1/marks/enrich", json: #"{"url": "#, token: token)
            #expect(malformed.status == 400)
            #expect(fixture.errors.all.isEmpty)
        }
    }

    @Test func hostileBodiesNeverCrashOrAnswer500() async throws {
        try await withFixture { fixture in
            let token = try await fixture.register()
            var generator = SeededGenerator(seed: 42)
            let fragments = ["{", "}", "[", "]", "\"", ":", ",", "url", "query", "bookmarks", "events", "1", "-1e999", "null",
                             "true", "\\u0000", "\u{FFFF}", "é", "{\"url\":", "[{\"id\":", "\"name\":\"x\"", " "]
            for index in 0..<300 {
                let body = (0..<Int(generator.next() % 20)).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined()
                let path = ["/v1/marks/enrich", "/v1/marks/search", "/v1/marks/collections", "/v1/analytics/events", "/v1/auth/register"][index % 5]
                let reply = try await fixture.send(path, json: body, token: token)
                #expect((200..<500).contains(reply.status), "\(path) \(body) → \(reply.status) \(reply.text)")
                #expect(reply.status < 300 || reply.error != nil, "\(path) \(body)")
            }
            #expect(fixture.errors.all.isEmpty)
        }
    }

    @Test func analyticsEventsAreStoredLocally() async throws {
        try await withFixture { fixture in
            let token = try await fixture.register("phone")
            let body = #"{"events":[{"name":"bookmark_added","at":"2026-01-15T10:30:00Z","properties":{"via":"share"}},{"name":"app_open","at":"2026-01-15T10:31:00Z","properties":{}}]}"#
            let reply = try await fixture.send("/v1/analytics/events", json: body, token: token)
            #expect(reply.status == 204)
            #expect(reply.body.isEmpty)
            let stored = try fixture.storedEvents()
            #expect(stored.map(\.name) == ["bookmark_added", "app_open"])
            #expect(stored.allSatisfy { $0.deviceID == "phone" })
            #expect(stored.first?.properties == #"{"via":"share"}"#)
            // One bad event refuses the whole batch: nothing more is stored.
            let mixed = #"{"events":[{"name":"ok","at":"2026-01-15T10:30:00Z"},{"name":"bad","at":"soon"}]}"#
            #expect(try await fixture.send("/v1/analytics/events", json: mixed, token: token).status == 400)
            #expect(try fixture.storedEvents().count == 2)
        }
    }

    @Test func analyticsOffAcceptsAndStoresNothing() async throws {
        try await withFixture(config: MarksConfig(analyticsEnabled: false)) { fixture in
            let token = try await fixture.register()
            let body = #"{"events":[{"name":"app_open","at":"2026-01-15T10:30:00Z"}]}"#
            #expect(try await fixture.send("/v1/analytics/events", json: body, token: token).status == 204)
            #expect(try fixture.storedEvents().isEmpty)
            #expect(try await fixture.send("/v1/analytics/events", json: body).status == 401)
        }
    }

    @Test func aMissingModelIs503WithWhatToDo() async throws {
        try await withFixture(embedder: MissingModelEmbedder()) { fixture in
            let token = try await fixture.register()
            let reply = try await fixture.send("/v1/marks/search", json: Self.searchBody, token: token)
            #expect(reply.status == 503)
            #expect(reply.error?.contains("all-MiniLM-L6-v2 is not installed") == true)
            #expect(reply.error?.contains("scripts/fetch-model.sh") == true)
        }
    }
}

typealias MarksEngineTextEmbedder = MarksEngine.TextEmbedder

