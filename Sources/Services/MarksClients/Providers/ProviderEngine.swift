import MarksCore

/// The AI engine with a language model: asks the provider for JSON, checks the answer, and on ANY failure
/// (no key, 401, 429, 529, a timeout, malformed JSON, an answer that is not the JSON asked for) answers
/// with the offline engine instead, reporting `engine: "offline"` and the `fallbackReason`. A request
/// that breaks the engine's limits is refused (`EngineError`) before anything is sent.
public struct ProviderEngine: AIEngine {
    /// Fewer bookmarks than this are not worth a model call for collections (the offline engine answers,
    /// as it does for an empty ranking: nothing is asked, so nothing fell back).
    public static let minimumCollectionItems = 3

    private let client: any ProviderClient
    private let fallback: any AIEngine
    private let limits: EngineLimits

    /// An engine asking `client` first and `fallback` (the offline engine) when it fails.
    public init(client: any ProviderClient, fallback: any AIEngine, limits: EngineLimits = EngineLimits()) {
        self.client = client
        self.fallback = fallback
        self.limits = limits
    }

    /// The provider's engine name, such as `anthropic:claude-3-5-haiku-latest`.
    public var providerName: String { client.engineName }

    public func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult> {
        try limits.validate(request)
        do {
            let text = try await client.complete(ProviderPrompts.enrich(request))
            let result = try ModelAnswers.enrich(text, request: request, engine: client.engineName)
            return EngineAnswer(value: result, engine: client.engineName)
        } catch {
            return try await fallingBack(error) { try await fallback.enrichAnswer(request) }
        }
    }

    public func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]> {
        try limits.validate(query: query, items: items)
        guard !items.isEmpty else { return try await fallback.rankAnswer(query: query, items: items) }
        var seen = Set<Int>()
        let unique = items.filter { seen.insert($0.id).inserted }
        do {
            let text = try await client.complete(ProviderPrompts.rank(query: query, items: unique))
            return EngineAnswer(value: try ModelAnswers.rank(text, items: unique), engine: client.engineName)
        } catch {
            return try await fallingBack(error) { try await fallback.rankAnswer(query: query, items: items) }
        }
    }

    public func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]> {
        try limits.validate(items)
        var seen = Set<Int>()
        let unique = items.filter { seen.insert($0.id).inserted }
        guard unique.count >= Self.minimumCollectionItems else { return try await fallback.collectionsAnswer(items) }
        do {
            let text = try await client.complete(ProviderPrompts.collections(unique))
            return EngineAnswer(value: try ModelAnswers.collections(text, items: unique), engine: client.engineName)
        } catch {
            return try await fallingBack(error) { try await fallback.collectionsAnswer(items) }
        }
    }

    /// The fallback's answer with the provider's failure as the reason; a cancellation is passed on.
    private func fallingBack<Value>(_ error: ProviderError,
                                    _ answer: () async throws -> EngineAnswer<Value>) async throws -> EngineAnswer<Value> {
        try Task.checkCancellation()
        var fallbackAnswer = try await answer()
        fallbackAnswer.fallbackReason = "\(client.engineName) failed: \(error)"
        return fallbackAnswer
    }
}
