import Foundation
import MarksCore
import HTTPClient
import SystemSupport

/// The AI engine on a remote Marks backend (`/v1/`, docs/BACKEND_API.md) — the seeds' `ClaudeService` and
/// `MarksAuth`. It registers once with a device id it keeps, caches the token in a 0600 file, registers
/// again once when a call is answered 401, retries idempotent calls with backoff, and says clearly when the
/// backend is down. Time, sleep and the network are injected.
public struct AppAPIClient: AIEngine {
    /// Where the backend is and how this client behaves.
    public struct Configuration: Sendable {
        /// The backend's root, such as `http://127.0.0.1:8080` (`/v1/…` is appended).
        public var baseURL: URL
        /// The 0600 JSON file keeping the device id and the token.
        public var credentialsFile: URL
        /// Sent at registration, such as `linux-cli`.
        public var platform: String
        /// Sent at registration.
        public var appVersion: String
        /// Sent as `X-Marks-Registration-Secret` when the backend needs one.
        public var registrationSecret: String?
        /// When false, `record(_:)` sends nothing.
        public var analyticsEnabled: Bool
        /// How long one attempt may take.
        public var timeout: Duration
        /// Retries of idempotent calls.
        public var retry: RetryPolicy

        /// A configuration; by default 60 s per attempt and three attempts.
        public init(baseURL: URL, credentialsFile: URL, platform: String = "linux-cli", appVersion: String,
                    registrationSecret: String? = nil, analyticsEnabled: Bool = true, timeout: Duration = .seconds(60),
                    retry: RetryPolicy = .request()) {
            self.baseURL = baseURL
            self.credentialsFile = credentialsFile
            self.platform = platform
            self.appVersion = appVersion
            self.registrationSecret = registrationSecret
            self.analyticsEnabled = analyticsEnabled
            self.timeout = timeout
            self.retry = retry
        }
    }

    /// The most events sent in one `POST /v1/analytics/events`.
    public static let eventsPerBatch = 100

    let configuration: Configuration
    let transport: HTTPTransport
    let sleep: @Sendable (Duration) async throws -> Void
    private let session: AppAPISession

    /// A client; `makeDeviceID` makes the device id the first time (a UUID).
    public init(configuration: Configuration, transport: HTTPTransport = .live,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                now: @escaping @Sendable () -> Date = { Date() },
                makeDeviceID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
        session = AppAPISession(file: configuration.credentialsFile, backendURL: configuration.baseURL.absoluteString,
                                 now: now, makeDeviceID: makeDeviceID)
    }

    /// The device id this client registers with (made and stored on first use).
    public func deviceID() async throws -> String {
        try await session.deviceID()
    }

    public func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult> {
        let answer = try decode(AppAPIWire.Enriched.self, from: try await call("/v1/marks/enrich", body: encode(request)))
        return EngineAnswer(value: EnrichResult(summary: answer.summary, tags: answer.tags, engine: answer.engine),
                            engine: answer.engine, fallbackReason: answer.fallbackReason)
    }

    public func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]> {
        let body = try encode(AppAPIWire.Search(query: query, bookmarks: items))
        let answer = try decode(AppAPIWire.Ranked.self, from: try await call("/v1/marks/search", body: body))
        return EngineAnswer(value: answer.results, engine: answer.engine, fallbackReason: answer.fallbackReason)
    }

    public func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]> {
        let body = try encode(AppAPIWire.Collections(bookmarks: items))
        let answer = try decode(AppAPIWire.Grouped.self, from: try await call("/v1/marks/collections", body: body))
        return EngineAnswer(value: answer.collections, engine: answer.engine, fallbackReason: answer.fallbackReason)
    }

    /// Sends usage events (in batches of 100) unless analytics is off; never retried, so none is stored twice.
    public func record(_ events: [AnalyticsEvent]) async throws {
        guard configuration.analyticsEnabled else { return }
        var start = 0
        while start < events.count {
            let batch = events[start..<min(events.count, start + Self.eventsPerBatch)]
            let body = JSONValue.object([("events", .array(batch.map(\.json)))]).data
            _ = try await call("/v1/analytics/events", body: body, retry: .once)
            start += Self.eventsPerBatch
        }
    }

    /// POSTs `body` with the token; on a 401, registers again once and repeats the call.
    func call(_ path: String, body: Data, retry: RetryPolicy? = nil) async throws -> Data {
        try await authorized(path, body: body, retry: retry).body
    }

    /// Sends `body` to `path` (a GET when nil) with the token; on a 401, registers again once and repeats the call.
    /// Throws the `AppAPIClientError` for an answer outside 2xx.
    func authorized(_ path: String, body: Data?, headers extra: [String: String] = [:], retry: RetryPolicy? = nil,
                    maxBodyBytes: Int? = nil) async throws -> HTTPClientResponse {
        let register: @Sendable (String, String?) async throws -> (token: String, expiresAt: Date) = { [self] deviceID, renewing in
            try await self.register(deviceID: deviceID, renewing: renewing)
        }
        var token = try await session.token(register: register)
        var registeredAgain = false
        while true {
            let response = try await send(path, body: body, headers: extra.merging(["Authorization": "Bearer \(token)"]) { $1 },
                                          retry: retry ?? configuration.retry, maxBodyBytes: maxBodyBytes)
            let data = response.body
            if response.status == 401 && !registeredAgain {
                registeredAgain = true
                try await session.invalidate(token)
                token = try await session.token(register: register)
                continue
            }
            if response.status == 401 { throw AppAPIClientError.unauthorized(Self.errorMessage(data, status: 401)) }
            try Self.requireSuccess(response)
            return response
        }
    }

    /// `POST /v1/auth/register` for `deviceID`; `renewing` (its still-live token) lets an owner device keep its scope.
    func register(deviceID: String, renewing: String? = nil) async throws -> (token: String, expiresAt: Date) {
        let body = try encode(AppAPIWire.Register(deviceID: deviceID, platform: configuration.platform,
                                                   appVersion: configuration.appVersion))
        var headers: [String: String] = [:]
        if let secret = configuration.registrationSecret { headers["X-Marks-Registration-Secret"] = secret }
        if let renewing { headers["Authorization"] = "Bearer \(renewing)" }
        let response = try await send("/v1/auth/register", body: body, headers: headers, retry: configuration.retry)
        let data = response.body
        if response.status == 403 { throw AppAPIClientError.registrationRefused(Self.errorMessage(data, status: 403)) }
        try Self.requireSuccess(response)
        let registered = try decode(AppAPIWire.Registered.self, from: data)
        guard !registered.token.isEmpty, let expiry = LinkdingDate.parse(registered.expiresAt) else {
            throw AppAPIClientError.malformedResponse("the registration answer has no token or expiry")
        }
        return (registered.token, expiry)
    }

    private func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw AppAPIClientError.malformedResponse("the answer is not the expected JSON")
        }
    }
}
