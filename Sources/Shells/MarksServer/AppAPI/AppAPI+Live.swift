import Foundation
import MarksAppAPI
import MarksClients
import MarksCore
import MarksEngine
import MarksBookmarks
import MarksFetch
import SystemSupport

extension AppAPI {
    /// The backend `marks serve` runs: its tables in the data directory's database, `engine` answering (the
    /// process's one configured engine), pages read through `fetcher`. `exposed` says the server listens beyond
    /// loopback (then an open registration is worth a warning).
    /// `store` keeps devices, the signing key, rate windows and analytics (nil: the data directory's database; `marks
    /// serve --database` passes the shared PostgreSQL one).
    public static func live(
        data: LocalData, config: MarksConfig, engine: ConfiguredEngine, fetcher: PageFetcher,
        exposed: Bool, limits: AppAPILimits = AppAPILimits(), store: AppAPIStore? = nil, now: @escaping @Sendable () -> Date
    ) throws -> AppAPI {
        let store = try store ?? .sqlite(data.database, now: now)
        let authority = try DeviceAuthority(store: store, limits: limits, registrationSecret: config.registrationSecret, now: now)
        let analytics = authority.store.analytics
        var warnings = engine.warnings
        if exposed && config.registrationSecret == nil {
            warnings.append("devices on other machines register at /v1/auth/register only with a pairing code (Settings → Devices, or marks devices pair) or once registration_secret (or MARKS_REGISTRATION_SECRET) is set; they send it in X-Marks-Registration-Secret")
        }
        let reader = PageTextReader(fetcher: fetcher)
        var api = AppAPI(authority: authority, engine: engine.engine, analytics: analytics, analyticsEnabled: config.analyticsEnabled,
                             limits: limits, readPage: { try await reader.read($0) }, now: now)
        api.startupWarnings = warnings
        return api
    }

    /// The backend with its own engine on `embedder` (its work on `workers`) and its own fetcher, built from
    /// `config` (tests and the benchmark; `marks serve` passes the process's shared ones).
    public static func live(
        data: LocalData, config: MarksConfig, environment: [String: String], embedder: any TextEmbedder,
        exposed: Bool, limits: AppAPILimits = AppAPILimits(), providerTransport: HTTPTransport = .live,
        workers: WorkerPool = .compute, store: AppAPIStore? = nil, now: @escaping @Sendable () -> Date
    ) throws -> AppAPI {
        let engine = try ConfiguredEngine(config: config, environment: environment, embedder: embedder,
                                          limits: limits.engine, transport: providerTransport, workers: workers)
        return try live(data: data, config: config, engine: engine, fetcher: PageFetcher(policy: FetchPolicy(config: config)),
                        exposed: exposed, limits: limits, store: store, now: now)
    }
}
