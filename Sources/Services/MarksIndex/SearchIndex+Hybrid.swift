import SQLiteDatabase

extension SearchIndex {
    /// How much the keyword leg adds in hybrid fusion: a hit's score is its cosine plus this weight times its BM25
    /// score as a share of the best keyword hit's. The vector leg ranks (it understands a question in other words than
    /// the text's); a keyword match only breaks near-ties. Rank fusion (1 / (60 + rank) per leg) let any word match
    /// outrank the closest meaning: on the finding evaluation (issue 36) hybrid fell 0.12 below vectors alone.
    public static let keywordWeight = 0.05

    /// Hybrid search of bookmarks: the keyword leg (`textSearch`: fields and archived page text, when `text` has words)
    /// and the cosine leg (when `queryVector` is given: each bookmark's own vector or its best passage's, so an
    /// archived article is found by what its page says, not only by its title) each take their `candidates` best
    /// within `filter`; `fuse` orders the union. Each hit says which legs found it. With one leg only, its order is kept.
    public func hybridSearch(_ text: String, queryVector: [Float]?, filter: SearchFilter = SearchFilter(),
                             limit: Int, candidates: Int? = nil) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        let depth = max(candidates ?? max(50, limit * 2), limit)
        let keyword: [SearchHit]
        do {
            keyword = try textSearch(text, filter: filter, limit: depth)
        } catch IndexError.emptyQuery where queryVector != nil {
            keyword = []
        }
        let vector = try queryVector.map { try documentVectorSearch($0, filter: filter, limit: depth) } ?? []
        return Self.fuse(keyword: keyword, vector: vector, limit: limit)
    }

    /// The `limit` bookmarks closest to `query` within `filter` by their own vector or their best passage's (cosine,
    /// the better of the two), best first.
    func documentVectorSearch(_ query: [Float], filter: SearchFilter, limit: Int) throws -> [SearchHit] {
        var best: [Int: Double] = [:]
        for hit in try vectorSearch(query, filter: filter, limit: limit) {
            best[hit.bookmarkID] = hit.vectorScore ?? hit.score
        }
        // A document has up to `maximumPassages` passages: read a few times `limit` of them, keep each document's best.
        let passages = try withCurrentPassages { rows in
            rows.top(query, count: limit * 4, where: nil).compactMap { match in
                rows.position[match.id].map { (document: rows.info[$0], score: Double(match.score)) }
            }
        }
        var byDocument: [Int: Double] = [:]
        for passage in passages {
            byDocument[passage.document] = max(byDocument[passage.document] ?? -1, passage.score)
        }
        let allowed = try documentIDs(among: Array(byDocument.keys), passing: filter)
        for (document, score) in byDocument where allowed.contains(document) && score > best[document] ?? -1 {
            best[document] = score
        }
        let ranked = best.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit)
        return ranked.enumerated().map { offset, entry in
            SearchHit(bookmarkID: entry.key, score: entry.value, legs: .vector, vectorRank: offset + 1, vectorScore: entry.value)
        }
    }

    /// Those of `ids` that `filter` lets through.
    func documentIDs(among ids: [Int], passing filter: SearchFilter) throws -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        let (clause, arguments) = filter.sql
        let list = ids.map(String.init).joined(separator: ",") // integers only: nothing to quote
        return try IndexError.wrap {
            try database.read { connection in
                Set(try connection.query("SELECT d.bookmark_id FROM index_documents d WHERE d.bookmark_id IN (\(list)) AND \(clause)",
                                         arguments).map { try $0.int(at: 0) })
            }
        }
    }

    /// Fusion of the two legs' ranked hits: a hit's score is its cosine (a hit the vector leg did not reach counts the
    /// leg's lowest) plus `keywordWeight` times its keyword score over the best keyword hit's; ties go to the better
    /// keyword rank, then the lower id. With one leg only, its order is kept.
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
        let topKeyword = keyword.compactMap(\.keywordScore).max() ?? 0
        let lowestVector = vector.compactMap(\.vectorScore).min() ?? 0
        let weight = keywordWeight
        for (id, var entry) in merged {
            let share = topKeyword > 0 ? max(0, entry.keywordScore ?? 0) / topKeyword : 0
            entry.score = (entry.vectorScore ?? lowestVector) + weight * share
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
