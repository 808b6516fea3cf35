import MarksCore

/// The offline engine always answers itself: `engine` is `"offline"` and there is no fallback reason. Each
/// answer is worked out on the engine's `workers`, off the cooperative pool.
extension OfflineEngine: AIEngine {
    public func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult> {
        EngineAnswer(value: try await enrich(request), engine: Self.name)
    }

    public func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]> {
        EngineAnswer(value: try await rank(query: query, items: items), engine: Self.name)
    }

    public func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]> {
        EngineAnswer(value: try await collections(items), engine: Self.name)
    }
}
