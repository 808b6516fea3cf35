import MarksCore

/// Every limit `/v1/` enforces (docs/BACKEND_API.md lists them). Lengths are UTF-8 bytes.
public struct AppAPILimits: Sendable, Equatable {
    /// Field and list limits shared with the engine (200 bookmarks to rank, 150 to cluster, string lengths).
    public var engine = EngineLimits()

    /// Largest body of `POST /v1/auth/register`.
    public var registerBody = 4 * 1024
    /// Largest body of `POST /v1/marks/enrich` (it may carry the page's text).
    public var enrichBody = 4 * 1024 * 1024
    /// Largest body of `POST /v1/marks/search`.
    public var searchBody = 2 * 1024 * 1024
    /// Largest body of `POST /v1/marks/collections`.
    public var collectionsBody = 2 * 1024 * 1024
    /// Largest body of `POST /v1/podcast/generate` (it may carry a source's text).
    public var podcastBody = (1 << 20) + 64 * 1024
    /// The text a podcast request may carry (1 MB; an episode is cut at 3 hours anyway).
    public var podcastText = 1 << 20
    /// Largest body of `POST /v1/analytics/events`.
    public var analyticsBody = 256 * 1024
    /// Largest body of `POST /v1/marks/ask`.
    public var askBody = 16 * 1024
    /// The question of an Ask request.
    public var askQuestion = 2000

    /// A device id.
    public var deviceID = 128
    /// `platform` and `app_version`.
    public var clientLabel = 64
    /// Events in one analytics batch.
    public var eventsPerBatch = 100
    /// An event name.
    public var eventName = 100
    /// Keys in one event's properties.
    public var eventProperties = 32
    /// A property name.
    public var propertyName = 64
    /// A string property value.
    public var propertyValue = 1024

    /// Registrations per client address.
    public var registrations = RateLimit(count: 20, windowSeconds: 600)
    /// `enrich` calls per device.
    public var enrichCalls = RateLimit(count: 120, windowSeconds: 60)
    /// `search` and `collections` calls per device.
    public var rankCalls = RateLimit(count: 120, windowSeconds: 60)
    /// `podcast/generate` calls per device.
    public var podcastCalls = RateLimit(count: 30, windowSeconds: 60)
    /// `podcast/status` and `podcast/audio` calls per device (a client polls every few seconds; players seek).
    public var podcastReads = RateLimit(count: 600, windowSeconds: 60)
    /// `ask` calls per device.
    public var askCalls = RateLimit(count: 60, windowSeconds: 60)
    /// Analytics batches per device.
    public var analyticsCalls = RateLimit(count: 60, windowSeconds: 60)

    /// Analytics a device may store per window (events and bytes of name and properties); beyond it, 429.
    public var analyticsDeviceQuota = AnalyticsQuota(events: 10_000, bytes: 4 << 20, windowSeconds: 24 * 3600)
    /// Bytes of analytics the server keeps from all devices together; beyond it, 507.
    public var analyticsTotalBytes = 256 << 20
    /// Events older than this are deleted (on the next batch from any device).
    public var analyticsRetentionSeconds = 90 * 24 * 3600

    /// How long an issued token is valid.
    public var tokenLifetimeSeconds = 30 * 24 * 3600

    /// The limits of docs/BACKEND_API.md.
    public init() {}
}
