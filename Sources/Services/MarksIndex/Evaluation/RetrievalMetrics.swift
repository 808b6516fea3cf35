/// Recall@k and mean reciprocal rank for known-item queries (one relevant document each).
struct RetrievalMetrics: Sendable, Equatable {
    var queries = 0
    var foundInTop10 = 0
    var reciprocalRankSum = 0.0

    /// Records one query: the ranked ids and the one relevant id.
    mutating func record(ranked: [Int], relevant: Int) {
        queries += 1
        guard let position = ranked.firstIndex(of: relevant) else { return }
        if position < 10 { foundInTop10 += 1 }
        reciprocalRankSum += 1 / Double(position + 1)
    }

    /// Share of queries whose document is in the first ten.
    var recallAt10: Double { queries > 0 ? Double(foundInTop10) / Double(queries) : 0 }
    /// Mean of 1 / rank (0 when not retrieved).
    var meanReciprocalRank: Double { queries > 0 ? reciprocalRankSum / Double(queries) : 0 }

    static func + (a: RetrievalMetrics, b: RetrievalMetrics) -> RetrievalMetrics {
        RetrievalMetrics(queries: a.queries + b.queries, foundInTop10: a.foundInTop10 + b.foundInTop10,
                         reciprocalRankSum: a.reciprocalRankSum + b.reciprocalRankSum)
    }
}
