import Foundation
import MarksBackend
import MarksClients
import MarksCore
import MarksEngine
import MarksLibrary

extension BackendAPI {
    /// The backend `marks serve` runs: its tables in the data directory's database, the offline engine on
    /// `embedder` (behind the configured provider, if any), page fetches under the configured address policy.
    /// `exposed` says the server listens beyond loopback (then an open registration is worth a warning).
    public static func live(
        data: LocalData, config: MarksConfig, environment: [String: String], embedder: any TextEmbedder,
        exposed: Bool, limits: BackendLimits = BackendLimits(), providerTransport: HTTPTransport = .live,
        now: @escaping @Sendable () -> Date
    ) throws -> BackendAPI {
        let authority = try DeviceAuthority(database: data.database, limits: limits, registrationSecret: config.registrationSecret, now: now)
        let analytics = try AnalyticsStore(database: data.database, now: now)
        let offline = OfflineEngine(embedder: embedder, limits: limits.engine)
        var warnings: [String] = []
        var engine: any AttributedAIEngine = offline
        if let ai = config.ai {
            let settings = try ProviderSettings(config: ai, environment: environment)
            if settings.apiKey == nil && settings.kind == .anthropic {
                warnings.append("the ai provider \(settings.engineName) has no key ($\(settings.keyVariable)); the offline engine will answer")
            }
            engine = ProviderEngine(client: settings.client(transport: providerTransport), fallback: offline, limits: limits.engine)
        }
        if exposed && config.registrationSecret == nil {
            warnings.append("anyone who can reach this port can register a device at /v1/auth/register; set registration_secret (or MARKS_REGISTRATION_SECRET) to require a secret")
        }
        let reader = PageTextReader(fetcher: PageFetcher(policy: FetchPolicy(config: config)))
        var api = BackendAPI(authority: authority, engine: engine, analytics: analytics, analyticsEnabled: config.analyticsEnabled,
                             limits: limits, readPage: { try await reader.read($0) }, now: now)
        api.startupWarnings = warnings
        return api
    }
}
