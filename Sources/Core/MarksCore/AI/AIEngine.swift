/// Seam 2 (ARCHITECTURE.md), the AI features of BACKEND_API.md (`/v1/marks/…`): `OfflineEngine` in process,
/// `ProviderEngine` (a language model with the offline engine as fallback) and `AppAPIClient` (a remote `/v1/`)
/// implement it and pass one contract suite. Every answer says which engine made it and, when a provider failed
/// and the offline engine answered instead, why. Requests beyond `EngineLimits` are refused with `EngineError`.
public protocol AIEngine: Sendable {
    /// A short summary (1–3 sentences) and 3–5 lower-case tags for one page, preferring `vocabulary`.
    func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult>
    /// The items ordered by relevance to `query`, best first, each id once.
    func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]>
    /// Named groups of related bookmarks; every bookmark is in at most one collection.
    func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]>
}

extension AIEngine {
    /// `enrichAnswer`'s value, for callers that do not report the engine.
    public func enrich(_ request: EnrichRequest) async throws -> EnrichResult {
        try await enrichAnswer(request).value
    }

    /// `rankAnswer`'s value.
    public func rank(query: String, items: [RankItem]) async throws -> [RankedID] {
        try await rankAnswer(query: query, items: items).value
    }

    /// `collectionsAnswer`'s value.
    public func collections(_ items: [CollectionItem]) async throws -> [SmartCollection] {
        try await collectionsAnswer(items).value
    }
}
