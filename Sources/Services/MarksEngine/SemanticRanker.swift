import MarksCore

/// Orders bookmarks by meaning: the cosine of the query's embedding and each bookmark's
/// `title · domain · summary` embedding (cached by content hash), plus a light bonus when the query's
/// words appear in the title. Each id appears once (the first occurrence counts), best first; ties keep
/// the given order.
public struct SemanticRanker: Sendable {
    /// Bonus when the whole query appears in the title.
    public var phraseBonus: Double = 0.15
    /// Bonus when every query word appears in the title (partial matches get their share).
    public var wordBonus: Double = 0.1
    private let embeddings: EmbeddingProvider

    /// A ranker embedding with `embedder` and keeping bookmark embeddings in `cache`.
    public init(embedder: any TextEmbedder, cache: any EmbeddingCache) {
        embeddings = EmbeddingProvider(embedder: embedder, cache: cache)
    }

    /// `items` ranked against `query` (not validated here; `OfflineEngine` checks the limits).
    public func rank(query: String, items: [RankItem]) throws -> [RankedID] {
        var seen = Set<Int>()
        let unique = items.filter { seen.insert($0.id).inserted }
        guard !unique.isEmpty else { return [] }
        let texts = unique.map { BookmarkText.of(title: $0.title, domain: $0.domain, summary: $0.summary) }
        let vectors = try embeddings.embedCached([query] + texts)
        let queryVector = vectors[0] // safe: embedCached returns one vector per text, and there is at least the query
        let keywords = KeywordMatch(query: query)
        let scored = unique.enumerated().map { offset, item in
            let cosine = Double(Vectors.dot(queryVector, vectors[offset + 1]))
            let bonus = keywords.bonus(title: item.title, phrase: phraseBonus, words: wordBonus)
            return (offset: offset, ranked: RankedID(id: item.id, score: Self.rounded(cosine + bonus)))
        }
        return scored.sorted { a, b in
            a.ranked.score != b.ranked.score ? a.ranked.score > b.ranked.score : a.offset < b.offset
        }.map(\.ranked)
    }

    /// Scores rounded to 6 decimals so equal meaning gives equal JSON on every machine.
    private static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (value * 1_000_000).rounded() / 1_000_000
    }
}
