import MarksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import MarksClients
import MarksCore
import MarksEngine
import Synchronization
import Testing

/// `AppAPIClient` against a scripted stand-in `/v1/` backend on port 0.
@Suite struct BackendClientTests {
    static let request = EnrichRequest(url: "https://example.com/a", text: "Some text.")
    static let enriched = #"{"summary":"Some text.","tags":["text"],"engine":"offline"}"#

    /// Issues `token-1`, `token-2`, … and answers `/v1/marks/*` with `answer(request, tokenNumber, callIndex)`.
    final class FakeBackend: Sendable {
        let registrations = Mutex<[String]>([])
        let calls = Mutex<[String]>([])
        let answer: @Sendable (HTTPRequest, Int) -> HTTPResponse

        init(answer: @escaping @Sendable (HTTPRequest, Int) -> HTTPResponse = { _, _ in .json(BackendClientTests.enriched) }) {
            self.answer = answer
        }

        func reply(_ request: HTTPRequest) -> HTTPResponse {
            if request.path == "/v1/auth/register" {
                let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] // safe: test double
                let number = registrations.withLock { list -> Int in
                    list.append(body?["device_id"] as? String ?? "?")
                    return list.count
                }
                return .json(#"{"token":"token-\#(number)","expires_at":"2030-01-01T00:00:00Z"}"#)
            }
            let index = calls.withLock { list -> Int in
                list.append(request.headers["Authorization"] ?? "")
                return list.count - 1
            }
            return answer(request, index)
        }

        var registered: [String] { registrations.withLock { $0 } }
        var authorizations: [String] { calls.withLock { $0 } }
    }

    struct Harness {
        let server: StandInServer
        let transport: HTTPTransport
        let directory: URL
        let sleeper: Sleeper

        var credentials: URL { directory.appendingPathComponent("backend.json") }

        func client(now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }, analytics: Bool = true,
                    secret: String? = nil, baseURL: URL? = nil) -> AppAPIClient {
            let configuration = AppAPIClient.Configuration(
                baseURL: baseURL ?? server.baseURL, credentialsFile: credentials, appVersion: "0.1-test",
                registrationSecret: secret, analyticsEnabled: analytics)
            return AppAPIClient(configuration: configuration, transport: transport, sleep: sleeper.sleep, now: now,
                                 makeDeviceID: { "device-\(UUID().uuidString.prefix(8))" })
        }
    }

    func withBackend(_ backend: FakeBackend, expireDeadlines: Bool = false, _ body: (Harness, FakeBackend) async throws -> Void) async throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-client")
        defer { do { try FileManager.default.removeItem(at: directory) } catch {} }
        try await withStandIn({ request, _ in backend.reply(request) }) { server, transport in
            let harness = Harness(server: server, transport: transport, directory: directory,
                                  sleeper: Sleeper(deadline: .seconds(60), expireDeadlines: expireDeadlines))
            try await body(harness, backend)
        }
    }

    func clientError(_ body: () async throws -> Void) async -> AppAPIClientError? {
        do {
            try await body()
            return nil
        } catch let error as AppAPIClientError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func itRegistersOnceAndKeepsTheTokenInA0600File() async throws {
        try await withBackend(FakeBackend()) { harness, backend in
            let client = harness.client()
            let answer = try await client.enrichAnswer(Self.request)
            #expect(answer == EngineAnswer(value: EnrichResult(summary: "Some text.", tags: ["text"], engine: "offline"), engine: "offline"))
            _ = try await client.enrich(Self.request)
            _ = try await harness.client().enrich(Self.request)  // a new process reads the file
            #expect(backend.registered.count == 1)
            #expect(backend.registered.first == (try await client.deviceID()))
            #expect(backend.authorizations == Array(repeating: "Bearer token-1", count: 3))
            let attributes = try FileManager.default.attributesOfItem(atPath: harness.credentials.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let stored = try String(contentsOf: harness.credentials, encoding: .utf8)
            #expect(stored.contains("token-1"))
        }
    }

    @Test func registrationSendsWhatTheBackendExpects() async throws {
        try await withBackend(FakeBackend()) { harness, _ in
            _ = try await harness.client(secret: "s3cret").enrich(Self.request)
            let registration = try #require(harness.server.requests.first)
            #expect(registration.path == "/v1/auth/register")
            #expect(registration.headers["X-Marks-Registration-Secret"] == "s3cret")
            let body = try #require(registration.json)
            #expect(Set(body.keys) == ["device_id", "platform", "app_version"])
            #expect(body["platform"] as? String == "linux-cli")
            let enrich = try #require(harness.server.requests.last?.json)
            #expect(Set(enrich.keys) == ["url", "text"])
        }
    }

    /// Issue 35: a token near its expiry is renewed with itself in `Authorization`, so an owner device keeps its scope;
    /// the first registration offers none.
    @Test func aTokenNearItsExpiryIsOfferedForRenewal() async throws {
        try await withBackend(FakeBackend()) { harness, backend in
            _ = try await harness.client().enrich(Self.request)
            let nearExpiry = Date(timeIntervalSince1970: 1_893_456_000 - 100)  // 100 s before token-1's expires_at
            _ = try await harness.client(now: { nearExpiry }).enrich(Self.request)
            let registrations = harness.server.requests.filter { $0.path == "/v1/auth/register" }
            #expect(registrations.count == 2)
            #expect(registrations.first?.headers["Authorization"] == nil)
            #expect(registrations.last?.headers["Authorization"] == "Bearer token-1")
            #expect(backend.authorizations.last == "Bearer token-2")
        }
    }

    @Test func a401RegistersAgainOnceWithTheSameDeviceID() async throws {
        let backend = FakeBackend { request, _ in
            request.headers["Authorization"] == "Bearer token-1" ? .json(#"{"error":"The token has expired."}"#, status: 401)
                : .json(BackendClientTests.enriched)
        }
        try await withBackend(backend) { harness, backend in
            _ = try await harness.client().enrich(Self.request)
            #expect(backend.registered.count == 2)
            #expect(Set(backend.registered).count == 1)
            #expect(backend.authorizations == ["Bearer token-1", "Bearer token-2"])
        }
    }

    @Test func asecond401IsAnError() async throws {
        let backend = FakeBackend { _, _ in .json(#"{"error":"The token's device is not registered."}"#, status: 401) }
        try await withBackend(backend) { harness, backend in
            let error = await clientError { _ = try await harness.client().enrich(Self.request) }
            #expect(error == .unauthorized("The token's device is not registered."))
            #expect(backend.registered.count == 2)
            #expect(backend.authorizations.count == 2)
        }
    }

    @Test func failuresAreRetriedWithBackoff() async throws {
        let backend = FakeBackend { _, index in index < 2 ? .text("busy", status: 503) : .json(BackendClientTests.enriched) }
        try await withBackend(backend) { harness, backend in
            _ = try await harness.client().enrich(Self.request)
            #expect(backend.authorizations.count == 3)
            #expect(harness.sleeper.recorded == [.milliseconds(500), .seconds(1)])
        }
    }

    @Test func retriesStopAfterTheLastAttempt() async throws {
        let backend = FakeBackend { _, _ in .json(#"{"error":"The sentence-embedding model failed."}"#, status: 503) }
        try await withBackend(backend) { harness, backend in
            let error = await clientError { _ = try await harness.client().rank(query: "q", items: []) }
            #expect(error == .server(status: 503, message: "The sentence-embedding model failed."))
            #expect(backend.authorizations.count == 3)
        }
    }

    @Test func aRetryAfterIsWaitedFor() async throws {
        let backend = FakeBackend { _, index in
            index == 0 ? .json(#"{"error":"Too many"}"#, status: 429, headers: [("Retry-After", "3")]) : .json(BackendClientTests.enriched)
        }
        try await withBackend(backend) { harness, _ in
            _ = try await harness.client().enrich(Self.request)
            #expect(harness.sleeper.recorded == [.seconds(3)])
        }
    }

    @Test func aLongRetryAfterIsReported() async throws {
        let backend = FakeBackend { _, _ in .json(#"{"error":"Too many enrich calls; try again in 45 s."}"#, status: 429, headers: [("Retry-After", "45")]) }
        try await withBackend(backend) { harness, _ in
            let error = await clientError { _ = try await harness.client().enrich(Self.request) }
            #expect(error == .rateLimited(retryAfter: 45, message: "Too many enrich calls; try again in 45 s."))
            #expect(harness.sleeper.recorded.isEmpty)
        }
    }

    @Test func aBackendThatIsDownSaysSo() async throws {
        let port = try await closedPort()
        try await withBackend(FakeBackend()) { harness, _ in
            let url = URL(string: "http://127.0.0.1:\(port)")! // safe: fixed format
            let error = await clientError { _ = try await harness.client(baseURL: url).enrich(Self.request) }
            guard case .unreachable(let shown, _) = error else { Issue.record("\(String(describing: error))"); return }
            #expect(shown == url.absoluteString)
            #expect(error?.description.contains("Is `marks serve` running there?") == true)
            #expect(harness.sleeper.recorded == [.milliseconds(500), .seconds(1)])
        }
    }

    @Test func aSilentBackendTimesOut() async throws {
        let gate = Gate()
        try await withStandIn({ _, _ in
            await gate.wait()
            return .json("{}")
        }) { server, transport in
            defer { gate.open() }
            let directory = TemporaryDirectory.reserve(prefix: "marks-client")
            defer { do { try FileManager.default.removeItem(at: directory) } catch {} }
            let harness = Harness(server: server, transport: transport, directory: directory,
                                  sleeper: Sleeper(deadline: .seconds(60), expireDeadlines: true))
            let error = await clientError { _ = try await harness.client().enrich(Self.request) }
            #expect(error == .timeout(url: server.baseURL.absoluteString, seconds: 60))
        }
    }

    @Test func errorsCarryTheBackendsMessage() async throws {
        let backend = FakeBackend { request, _ in
            request.path == "/v1/marks/search" ? .json(#"{"error":"bookmarks has 201 entries; at most 200 are accepted. Send fewer."}"#, status: 400)
                : .html("<html>Not Found</html>", status: 404)
        }
        try await withBackend(backend) { harness, backend in
            let client = harness.client()
            let error = await clientError { _ = try await client.rank(query: "q", items: [RankItem(id: 1, title: "t", domain: "d")]) }
            #expect(error == .rejected(status: 400, message: "bookmarks has 201 entries; at most 200 are accepted. Send fewer."))
            let notMarks = await clientError { _ = try await client.collections([]) }
            guard case .malformedResponse = notMarks else { Issue.record("\(String(describing: notMarks))"); return }
            #expect(backend.authorizations.count == 2)  // 4xx answers are not retried
        }
    }

    @Test func attributionAndFallbackReasonsAreRead() async throws {
        let backend = FakeBackend { request, _ in
            switch request.path {
            case "/v1/marks/search":
                return .json(#"{"results":[{"id":2,"score":0.9},{"id":1,"score":0.1}],"engine":"offline","fallback_reason":"anthropic:m failed: rate limited (HTTP 429)"}"#)
            default:
                return .json(#"{"collections":[{"name":"Swift","description":"About Swift.","bookmark_ids":[1,2]}],"engine":"anthropic:m"}"#)
            }
        }
        try await withBackend(backend) { harness, _ in
            let client = harness.client()
            let ranked = try await client.rankAnswer(query: "q", items: [])
            #expect(ranked == EngineAnswer(value: [RankedID(id: 2, score: 0.9), RankedID(id: 1, score: 0.1)], engine: "offline",
                                           fallbackReason: "anthropic:m failed: rate limited (HTTP 429)"))
            let grouped = try await client.collectionsAnswer([])
            #expect(grouped == EngineAnswer(value: [SmartCollection(name: "Swift", description: "About Swift.", bookmarkIDs: [1, 2])],
                                            engine: "anthropic:m"))
        }
    }

    @Test func refusedRegistrationsSayWhy() async throws {
        try await withStandIn({ _, _ in .json(#"{"error":"The registration secret is wrong."}"#, status: 403) }) { server, transport in
            let directory = TemporaryDirectory.reserve(prefix: "marks-client")
            defer { do { try FileManager.default.removeItem(at: directory) } catch {} }
            let harness = Harness(server: server, transport: transport, directory: directory, sleeper: Sleeper(deadline: .seconds(60)))
            let error = await clientError { _ = try await harness.client().enrich(Self.request) }
            #expect(error == .registrationRefused("The registration secret is wrong."))
        }
    }

    @Test func anExpiringTokenIsRenewed() async throws {
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        try await withBackend(FakeBackend()) { harness, backend in
            let client = harness.client(now: { clock.withLock { $0 } })
            _ = try await client.enrich(Self.request)
            clock.withLock { $0 = Date(timeIntervalSince1970: 1_893_456_000 - 60) }  // a minute before 2030-01-01
            _ = try await client.enrich(Self.request)
            #expect(backend.authorizations == ["Bearer token-1", "Bearer token-2"])
            #expect(Set(backend.registered).count == 1)
        }
    }

    @Test func concurrentCallsShareOneRegistration() async throws {
        try await withBackend(FakeBackend()) { harness, backend in
            let client = harness.client()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 { group.addTask { _ = try await client.enrich(Self.request) } }
                try await group.waitForAll()
            }
            #expect(backend.registered.count == 1)
            #expect(backend.authorizations.count == 8)
        }
    }

    @Test func analyticsIsBatchedNeverRetriedAndCanBeOff() async throws {
        let backend = FakeBackend { _, index in index == 3 ? .text("busy", status: 503) : HTTPResponse(status: 204) }
        try await withBackend(backend) { harness, backend in
            let events = (0..<250).map { AnalyticsEvent(name: "e\($0)", at: Date(timeIntervalSince1970: 0), properties: [("n", .int($0))]) }
            try await harness.client(analytics: false).record(events)
            #expect(harness.server.requests.isEmpty)
            try await harness.client().record(events)
            let batches = harness.server.requests.filter { $0.path == "/v1/analytics/events" }
            #expect(batches.compactMap { ($0.json?["events"] as? [Any])?.count } == [100, 100, 50])
            let first = try #require((batches.first?.json?["events"] as? [[String: Any]])?.first)
            #expect(first["name"] as? String == "e0")
            #expect(first["at"] as? String == "1970-01-01T00:00:00Z")
            let error = await clientError { try await harness.client().record(Array(events.prefix(1))) }
            #expect(error == .server(status: 503, message: "busy"))
            #expect(backend.authorizations.count == 4)  // the 503 was not retried
        }
    }

    @Test func aCorruptTokenFileIsReported() async throws {
        try await withBackend(FakeBackend()) { harness, backend in
            try FileManager.default.createDirectory(at: harness.directory, withIntermediateDirectories: true)
            try Data("not json".utf8).write(to: harness.credentials)
            let error = await clientError { _ = try await harness.client().enrich(Self.request) }
            guard case .credentials(let reason) = error else { Issue.record("\(String(describing: error))"); return }
            #expect(reason.contains("remove it to register again"))
            #expect(backend.registered.isEmpty)
        }
    }
}
