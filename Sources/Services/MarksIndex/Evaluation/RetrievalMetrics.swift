/// Recall@1, @5 and @10 and mean reciprocal rank over queries with one or more relevant documents (a query counts as
/// found at k when any of its relevant documents is among the first k; its rank is the best relevant one's).
public struct RetrievalMetrics: Sendable, Equatable {
    public var queries = 0
    public var foundInTop1 = 0
    public var foundInTop5 = 0
    public var foundInTop10 = 0
    public var reciprocalRankSum = 0.0

    /// Empty figures.
    public init() {}

    init(queries: Int, foundInTop1: Int, foundInTop5: Int, foundInTop10: Int, reciprocalRankSum: Double) {
        self.queries = queries
        self.foundInTop1 = foundInTop1
        self.foundInTop5 = foundInTop5
        self.foundInTop10 = foundInTop10
        self.reciprocalRankSum = reciprocalRankSum
    }

    /// Records one known-item query: the ranked ids and the one relevant id.
    public mutating func record(ranked: [Int], relevant: Int) {
        record(ranked: ranked, relevant: [relevant])
    }

    /// Records one query: the ranked ids and every id that answers it.
    public mutating func record(ranked: [Int], relevant: Set<Int>) {
        queries += 1
        guard let position = ranked.firstIndex(where: relevant.contains) else { return }
        if position < 1 { foundInTop1 += 1 }
        if position < 5 { foundInTop5 += 1 }
        if position < 10 { foundInTop10 += 1 }
        reciprocalRankSum += 1 / Double(position + 1)
    }

    /// Share of queries with a relevant document first.
    public var recallAt1: Double { share(foundInTop1) }
    /// Share of queries with a relevant document in the first five.
    public var recallAt5: Double { share(foundInTop5) }
    /// Share of queries with a relevant document in the first ten.
    public var recallAt10: Double { share(foundInTop10) }
    /// Mean of 1 / rank (0 when not retrieved).
    public var meanReciprocalRank: Double { queries > 0 ? reciprocalRankSum / Double(queries) : 0 }

    private func share(_ count: Int) -> Double { queries > 0 ? Double(count) / Double(queries) : 0 }

    /// The figures of both sets of queries.
    public static func + (a: RetrievalMetrics, b: RetrievalMetrics) -> RetrievalMetrics {
        RetrievalMetrics(queries: a.queries + b.queries, foundInTop1: a.foundInTop1 + b.foundInTop1, foundInTop5: a.foundInTop5 + b.foundInTop5,
                         foundInTop10: a.foundInTop10 + b.foundInTop10, reciprocalRankSum: a.reciprocalRankSum + b.reciprocalRankSum)
    }
}
