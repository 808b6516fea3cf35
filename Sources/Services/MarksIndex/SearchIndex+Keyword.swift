import SQLiteDatabase

extension SearchIndex {
    /// BM25 column weights, in the FTS column order: title > tags > summary > description > notes > URL.
    static let columnWeights: [Double] = [10, 6, 4, 3, 2, 1]

    /// Full-text search: the `limit` best BM25 matches of any word of `text` within `filter`, best first.
    /// Any input is safe: words are quoted (no FTS5 syntax reaches SQLite); no words is `IndexError.emptyQuery`.
    public func keywordSearch(_ text: String, filter: SearchFilter = SearchFilter(), limit: Int) throws -> [SearchHit] {
        try keywordSearch(match: try FTSQuery.anyTerm(text), filter: filter, limit: limit)
    }

    /// `keywordSearch` for a MATCH expression made by `FTSQuery`, ranked with BM25 `weights` (one per column).
    func keywordSearch(match: String, filter: SearchFilter, limit: Int, weights: [Double] = columnWeights) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        let (clause, filterArguments) = filter.sql
        let weights = weights.map { String($0) }.joined(separator: ", ")
        var arguments = filterArguments
        arguments["match"] = .text(match)
        arguments["limit"] = .integer(Int64(limit))
        // BM25 ranks the full-text matches alone first (no join per match), then the best few are filtered;
        // when too few pass (a narrow scope), every match is ranked within the scope.
        let rows = try IndexError.wrap {
            try database.read { connection -> [Row] in
                if filter.foldedTag == nil {
                    var narrowed = arguments
                    narrowed["inner"] = .integer(Int64(max(limit * 8, 400)))
                    let best = try connection.query("""
                        SELECT f.id, f.rank FROM (
                            SELECT rowid AS id, bm25(index_fts, \(weights)) AS rank FROM index_fts
                            WHERE index_fts MATCH :match ORDER BY rank LIMIT :inner) f
                        JOIN index_documents d ON d.bookmark_id = f.id
                        WHERE \(clause) ORDER BY f.rank, f.id LIMIT :limit
                        """, narrowed)
                    if best.count == limit { return best }
                }
                return try connection.query("""
                    SELECT d.bookmark_id, bm25(index_fts, \(weights)) AS rank
                    FROM index_fts JOIN index_documents d ON d.bookmark_id = index_fts.rowid
                    WHERE index_fts MATCH :match AND \(clause)
                    ORDER BY rank, d.bookmark_id LIMIT :limit
                    """, arguments)
            }
        }
        return try rows.enumerated().map { offset, row in
            let score = -(try row.double(at: 1))
            return SearchHit(bookmarkID: try row.int(at: 0), score: score, legs: .keyword, keywordRank: offset + 1, keywordScore: score)
        }
    }
}
