import Foundation
import MarksClients
import MarksCore
import MarksEngine
import SentenceEmbeddings
import SystemSupport

/// The in-process AI engine as the configuration asks — the configured provider with the offline engine behind
/// it, else the offline engine on `embedder` — with its status line and start-up warnings. One is made per
/// process and shared by enrichment, the `/v1/` backend and the share flow's tag suggestions.
public struct ConfiguredEngine: Sendable {
    /// The engine that answers.
    public let engine: any AIEngine
    /// Which engine it is and whether it looks usable.
    public let status: EngineStatus
    /// Problems worth a line at start-up (a provider without its key).
    public let warnings: [String]

    /// The engine for `config`; `limits` are checked before any work, `transport` carries provider calls,
    /// the offline engine's work runs on `workers`.
    public init(config: MarksConfig, environment: [String: String], embedder: any TextEmbedder,
                limits: EngineLimits = EngineLimits(), transport: HTTPTransport = .live, workers: WorkerPool = .compute) throws {
        let offline = OfflineEngine(embedder: embedder, limits: limits, workers: workers)
        if let ai = config.ai {
            let settings = try ProviderSettings(config: ai, environment: environment)
            engine = ProviderEngine(client: settings.client(transport: transport), fallback: offline, limits: limits)
            let keyed = settings.apiKey != nil || settings.kind == .openai
            status = EngineStatus(
                kind: .provider, name: settings.engineName, healthy: keyed,
                detail: keyed ? "\(settings.engineName) (offline engine as fallback)"
                    : "\(settings.engineName) has no key ($\(settings.keyVariable)); the offline engine answers")
            warnings = settings.apiKey == nil && settings.kind == .anthropic
                ? ["the ai provider \(settings.engineName) has no key ($\(settings.keyVariable)); the offline engine will answer"] : []
        } else {
            engine = offline
            let modelInstalled = ModelLocator(environment: environment).locate() != nil
            status = EngineStatus(
                kind: .offline, name: OfflineEngine.name, healthy: modelInstalled,
                detail: modelInstalled ? "offline (model \(ModelLocator.modelName) installed)"
                    : "offline, but the model \(ModelLocator.modelName) is not installed (see `marks index --help`)")
            warnings = []
        }
    }
}
