/// The backend seam for the AI features (BACKEND_API.md, `/v1/marks/…`): the in-process `OfflineEngine`
/// implements it, and so does the HTTP client of a remote Marks backend.
public protocol AIEngine: Sendable {
    /// A short summary (1–3 sentences) and 3–5 lower-case tags for one page, preferring `vocabulary`.
    func enrich(_ request: EnrichRequest) async throws -> EnrichResult
    /// The items ordered by relevance to `query`, best first, each id once.
    func rank(query: String, items: [RankItem]) async throws -> [RankedID]
    /// Named groups of related bookmarks; every bookmark is in at most one collection.
    func collections(_ items: [CollectionItem]) async throws -> [SmartCollection]
}
