/// The order Ask reads retrieved passages in: by their bookmark's place in the bookmark-level hybrid ranking (a
/// bookmark's fields and page passages fused into one rank, the ranking search itself shows), then by the passage
/// search's own order within a bookmark. Ordered by passage score alone, a stray passage of a worse bookmark was
/// quoted and cited first (issue 36: search found the right item, Ask cited another). Pure.
public struct PassageOrder: Sendable, Equatable {
    /// Passages read at most.
    public var limit: Int
    /// Passages of one bookmark read at most, so one long page does not crowd out the next bookmarks.
    public var perDocument: Int

    /// An order keeping `limit` passages, `perDocument` of one bookmark at most.
    public init(limit: Int = 8, perDocument: Int = 3) {
        self.limit = limit
        self.perDocument = perDocument
    }

    /// The indices into `documents` (each passage's bookmark id, in the passage search's order) to read, in reading
    /// order: passages of a bookmark ranked in `documentRanks` (bookmark id → rank, 0 best) by that rank, then those of
    /// unranked bookmarks in the passage search's order; within a bookmark, the passage search's order.
    public func indices(documents: [Int], documentRanks: [Int: Int]) -> [Int] {
        let ordered = documents.indices.sorted { a, b in
            let rankA = documentRanks[documents[a]] ?? Int.max, rankB = documentRanks[documents[b]] ?? Int.max
            return rankA != rankB ? rankA < rankB : a < b
        }
        var taken: [Int: Int] = [:]
        var kept: [Int] = []
        for index in ordered where kept.count < limit {
            let count = taken[documents[index], default: 0]
            guard count < perDocument else { continue }
            taken[documents[index]] = count + 1
            kept.append(index)
        }
        return kept
    }
}
