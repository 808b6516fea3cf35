import Foundation
import HTTPServer
import MarksAppAPI
import MarksClients
import MarksCore
import MarksEngine
import MarksAsk
import MarksFetch
import MarksPodcasts

/// The Marks backend at `/v1/` (docs/BACKEND_API.md): device registration, the AI endpoints (enrich,
/// search, collections, ask), podcast generation and analytics. Every call but registration needs a bearer token; every endpoint
/// enforces its body size, list and string lengths and a per-device (or per-address) rate limit, and
/// answers errors as `{"error": …}`.
public struct AppAPI: Sendable {
    /// Reads a page's text when an enrich request carries none.
    public typealias ReadPage = @Sendable (URL) async throws -> PageTextReader.Page

    let authority: DeviceAuthority
    let engine: any AIEngine
    let analytics: any AnalyticsRecords
    let analyticsEnabled: Bool
    let limits: AppAPILimits
    let readPage: ReadPage
    let enrichLimiter: SlidingWindowLimiter
    let rankLimiter: SlidingWindowLimiter
    let analyticsLimiter: SlidingWindowLimiter
    let podcastLimiter: SlidingWindowLimiter
    let podcastReadLimiter: SlidingWindowLimiter
    let askLimiter: SlidingWindowLimiter
    /// Podcast generation (`/v1/podcast/*`); nil answers those routes with 503.
    public var podcasts: PodcastService?
    /// Ask over the server's library (`/v1/marks/ask`); nil answers that route with 503.
    public var askService: AskService?
    /// Things the operator should know at start-up (a provider without a key, an open registration).
    public var startupWarnings: [String] = []
    /// The one-time pairing codes registration accepts (Settings → Devices makes them).
    public var pairing: PairingCodes { authority.pairing }
    /// The device registry and token checks (Settings → Devices lists and revokes devices through it).
    public var devices: DeviceAuthority { authority }
    /// Whether a registration request carries the owner's own credential, checked outside the backend: a signed-in web
    /// session with its CSRF token, or the API token (`MarksApp` sets it from the web app and `/api/`). Such a
    /// registration gets the owner scope and is not counted against the anonymous limit.
    public var vouchesForOwner: @Sendable (HTTPRequest) -> Bool = { _ in false }

    /// The API from its parts; `analyticsEnabled: false` accepts events (204) and stores none. The rate limits count
    /// in the authority's store (shared by every worker on PostgreSQL).
    public init(authority: DeviceAuthority, engine: any AIEngine, analytics: any AnalyticsRecords, analyticsEnabled: Bool,
                limits: AppAPILimits = AppAPILimits(), readPage: @escaping ReadPage, now: @escaping @Sendable () -> Date) {
        self.authority = authority
        self.engine = engine
        self.analytics = analytics
        self.analyticsEnabled = analyticsEnabled
        self.limits = limits
        self.readPage = readPage
        let windows = authority.store.rateWindows
        func limiter(_ limit: RateLimit, _ scope: String) -> SlidingWindowLimiter {
            SlidingWindowLimiter(limit: limit, scope: scope, windows: windows, now: now)
        }
        enrichLimiter = limiter(limits.enrichCalls, "enrich")
        rankLimiter = limiter(limits.rankCalls, "rank")
        analyticsLimiter = limiter(limits.analyticsCalls, "analytics")
        podcastLimiter = limiter(limits.podcastCalls, "podcast")
        podcastReadLimiter = limiter(limits.podcastReads, "podcast-read")
        askLimiter = limiter(limits.askCalls, "ask")
    }

    /// Adds the `/v1/` routes to `router`.
    public func register(on router: inout Router) {
        router.post("/v1/auth/register") { request in try await handle { try registerDevice(request) } }
        router.post("/v1/marks/enrich") { request in try await handle { try await enrich(request) } }
        router.post("/v1/marks/search") { request in try await handle { try await search(request) } }
        router.post("/v1/marks/collections") { request in try await handle { try await collections(request) } }
        router.post("/v1/marks/ask") { request in try await handle { try await ask(request) } }
        router.post("/v1/analytics/events") { request in try await handle { try recordEvents(request) } }
        router.post("/v1/podcast/generate") { request in try await handle { try await generatePodcast(request) } }
        router.get("/v1/podcast/status/:id") { request in try await handle { try podcastStatus(request) } }
        router.get("/v1/podcast/audio/:id") { request in try await handle { try podcastAudio(request) } }
        for (path, bytes) in [("/v1/auth/register", limits.registerBody), ("/v1/marks/enrich", limits.enrichBody),
                              ("/v1/marks/search", limits.searchBody), ("/v1/marks/collections", limits.collectionsBody),
                              ("/v1/marks/ask", limits.askBody),
                              ("/v1/analytics/events", limits.analyticsBody), ("/v1/podcast/generate", limits.podcastBody)] {
            router.limitBody(.post, path, to: bytes)
        }
    }

    /// Whether the request head carries a bearer token this server signed (its device not yet looked up).
    func recognizes(_ head: HTTPRequest) -> Bool {
        authority.recognizes(authorization: head.headers["Authorization"])
    }

    /// The device of the request's bearer token when its scope reaches the route (`AppAPIAccess`); the check
    /// `MarksApp` runs before a heavy request may take an admission slot, and every handler runs again.
    func authorize(_ request: HTTPRequest) throws(AppAPIError) -> AuthenticatedDevice {
        let device = try authority.device(authorization: request.headers["Authorization"])
        try AppAPIAccess.check(device, for: request)
        return device
    }

    /// The device of the request's bearer token, authorized for the route, after its per-device rate limit.
    func authenticate(_ request: HTTPRequest, limiter: SlidingWindowLimiter, what: String) throws -> AuthenticatedDevice {
        let device = try authorize(request)
        if case .limited(let retryAfter) = try limiter.acquire(device.deviceID) {
            throw AppAPIError.rateLimited(retryAfter: retryAfter, what: what)
        }
        return device
    }
}
