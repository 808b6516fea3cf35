extension SearchIndex {
    /// Reciprocal rank fusion's constant: a hit at rank r in a leg adds 1 / (k + r).
    public static let fusionConstant = 60.0

    /// Hybrid search: the BM25 leg (when `text` has words) and the cosine leg (when `queryVector` is given)
    /// each take their `candidates` best within `filter`; reciprocal rank fusion orders the union. Each hit
    /// says which legs found it. With one leg only, its order is kept.
    public func hybridSearch(_ text: String, queryVector: [Float]?, filter: SearchFilter = SearchFilter(),
                             limit: Int, candidates: Int? = nil) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        let depth = max(candidates ?? max(50, limit * 2), limit)
        let keyword: [SearchHit]
        do {
            keyword = try keywordSearch(text, filter: filter, limit: depth)
        } catch IndexError.emptyQuery where queryVector != nil {
            keyword = []
        }
        let vector = try queryVector.map { try vectorSearch($0, filter: filter, limit: depth) } ?? []
        return Self.fuse(keyword: keyword, vector: vector, limit: limit)
    }

    /// Reciprocal rank fusion of the two legs' ranked hits; ties go to the better keyword rank, then the lower id.
    static func fuse(keyword: [SearchHit], vector: [SearchHit], limit: Int) -> [SearchHit] {
        var merged: [Int: SearchHit] = [:]
        for hit in keyword {
            merged[hit.bookmarkID] = SearchHit(bookmarkID: hit.bookmarkID, score: 0, legs: .keyword,
                                               keywordRank: hit.keywordRank, keywordScore: hit.keywordScore, snippet: hit.snippet)
        }
        for hit in vector {
            var entry = merged[hit.bookmarkID] ?? SearchHit(bookmarkID: hit.bookmarkID, score: 0, legs: [])
            entry.legs.insert(.vector)
            entry.vectorRank = hit.vectorRank
            entry.vectorScore = hit.vectorScore
            merged[hit.bookmarkID] = entry
        }
        for (id, var entry) in merged {
            entry.score = [entry.keywordRank, entry.vectorRank].compactMap { $0 }
                .reduce(0) { $0 + 1 / (fusionConstant + Double($1)) }
            merged[id] = entry
        }
        return merged.values.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            let ak = a.keywordRank ?? Int.max, bk = b.keywordRank ?? Int.max
            if ak != bk { return ak < bk }
            return a.bookmarkID < b.bookmarkID
        }.prefix(limit).map { $0 }
    }
}
