import MarksCore

/// The offline engine always answers itself: `engine` is `"offline"` and there is no fallback reason.
extension OfflineEngine: AIEngine {
    public func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult> {
        EngineAnswer(value: try enrichPage(request), engine: Self.name)
    }

    public func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]> {
        try limits.validate(query: query, items: items)
        return EngineAnswer(value: try ranker.rank(query: query, items: items), engine: Self.name)
    }

    public func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]> {
        try limits.validate(items)
        return EngineAnswer(value: try collectionBuilder.collections(items), engine: Self.name)
    }
}
