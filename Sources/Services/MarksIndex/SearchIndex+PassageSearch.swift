import SQLiteDatabase

extension SearchIndex {
    /// BM25 weights of the passage FTS columns: text, heading.
    static let passageColumnWeights: [Double] = [1, 0.5]

    /// Full-text search over passages: the `limit` best BM25 matches of any word of `text` among the passages of
    /// the documents `filter` lets through, best first. The hits' `bookmarkID` holds the passage id (so the one
    /// fusion, `fuse`, serves both kinds of search). No words is `IndexError.emptyQuery`.
    public func passageKeywordSearch(_ text: String, filter: SearchFilter = SearchFilter(), limit: Int) throws -> [SearchHit] {
        let match = try FTSQuery.anyTerm(text)
        guard limit > 0 else { return [] }
        let (clause, filterArguments) = filter.sql
        let weights = Self.passageColumnWeights.map { String($0) }.joined(separator: ", ")
        var arguments = filterArguments
        arguments["match"] = .text(match)
        arguments["limit"] = .integer(Int64(limit))
        let rows = try IndexError.wrap {
            try database.read { connection -> [Row] in
                // As `keywordSearch`: rank the matches alone first, filter the best few; when too few pass, rank
                // every match within the scope.
                var narrowed = arguments
                narrowed["inner"] = .integer(Int64(max(limit * 8, 400)))
                let best = try connection.query("""
                    SELECT f.id, f.rank FROM (
                        SELECT rowid AS id, bm25(index_passages_fts, \(weights)) AS rank FROM index_passages_fts
                        WHERE index_passages_fts MATCH :match ORDER BY rank LIMIT :inner) f
                    JOIN index_passages p ON p.id = f.id JOIN index_documents d ON d.bookmark_id = p.document_id
                    WHERE \(clause) ORDER BY f.rank, f.id LIMIT :limit
                    """, narrowed)
                if best.count == limit { return best }
                return try connection.query("""
                    SELECT p.id, bm25(index_passages_fts, \(weights)) AS rank
                    FROM index_passages_fts JOIN index_passages p ON p.id = index_passages_fts.rowid
                    JOIN index_documents d ON d.bookmark_id = p.document_id
                    WHERE index_passages_fts MATCH :match AND \(clause)
                    ORDER BY rank, p.id LIMIT :limit
                    """, arguments)
            }
        }
        return try rows.enumerated().map { offset, row in
            let score = -(try row.double(at: 1))
            return SearchHit(bookmarkID: try row.int(at: 0), score: score, legs: .keyword, keywordRank: offset + 1, keywordScore: score)
        }
    }

    /// The `limit` passages whose vectors are most similar to `query` (cosine) among the documents `filter` lets
    /// through, best first (`bookmarkID` holds the passage id).
    public func passageVectorSearch(_ query: [Float], filter: SearchFilter = SearchFilter(), limit: Int) throws -> [SearchHit] {
        guard query.count == dimension else { throw IndexError.dimensionMismatch(expected: dimension, found: query.count) }
        guard limit > 0 else { return [] }
        let allowed = try documentIDs(passing: filter)
        let matches = try withCurrentPassages { rows in
            rows.top(query, count: limit, allowedDocuments: allowed)
        }
        return matches.enumerated().map { offset, match in
            SearchHit(bookmarkID: match.id, score: Double(match.score), legs: .vector, vectorRank: offset + 1, vectorScore: Double(match.score))
        }
    }

    /// Hybrid passage search, as `hybridSearch` is for bookmarks: each leg takes its `candidates` best within
    /// `filter`, `fuse` orders the union (`bookmarkID` holds the passage id).
    public func hybridPassageSearch(_ text: String, queryVector: [Float]?, filter: SearchFilter = SearchFilter(),
                                    limit: Int, candidates: Int? = nil) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        let depth = max(candidates ?? max(50, limit * 2), limit)
        let keyword: [SearchHit]
        do {
            keyword = try passageKeywordSearch(text, filter: filter, limit: depth)
        } catch IndexError.emptyQuery where queryVector != nil {
            keyword = []
        }
        let vector = try queryVector.map { try passageVectorSearch($0, filter: filter, limit: depth) } ?? []
        return Self.fuse(keyword: keyword, vector: vector, limit: limit)
    }

    /// Passages by id (ids not in the index are left out).
    public func passages(ids: [Int]) throws -> [Int: IndexedPassage] {
        guard !ids.isEmpty else { return [:] }
        return try IndexError.wrap {
            try database.read { connection in
                let statement = try connection.prepare("SELECT * FROM index_passages WHERE id = ?")
                var found: [Int: IndexedPassage] = [:]
                for id in Set(ids) {
                    try statement.bind([.integer(Int64(id))])
                    if let row = try statement.step() { found[id] = try IndexedPassage(row: row) }
                    statement.reset()
                }
                return found
            }
        }
    }
}
