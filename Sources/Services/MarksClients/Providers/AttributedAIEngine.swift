import MarksEngine

/// An `AIEngine` that also says which engine answered each call (`"engine"` and `"fallback_reason"` in
/// `/v1/` answers). Conformers: `OfflineEngine`, `ProviderEngine` and `BackendClient`.
public protocol AttributedAIEngine: AIEngine {
    /// `enrich`, with the engine that answered.
    func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult>
    /// `rank`, with the engine that answered.
    func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]>
    /// `collections`, with the engine that answered.
    func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]>
}

extension AttributedAIEngine {
    public func enrich(_ request: EnrichRequest) async throws -> EnrichResult {
        try await enrichAnswer(request).value
    }

    public func rank(query: String, items: [RankItem]) async throws -> [RankedID] {
        try await rankAnswer(query: query, items: items).value
    }

    public func collections(_ items: [CollectionItem]) async throws -> [SmartCollection] {
        try await collectionsAnswer(items).value
    }
}
