import SQLiteDatabase

extension SearchIndex {
    /// Keyword search over everything the index holds of a document: its fields (`keywordSearch`, BM25 with the
    /// column weights, title and tags first) and the text of its archived page or, for a document, its own text (the
    /// `page` passages, text weighted 1: below a title's 10 or a tag's 6, so a match in the title or tags beats one
    /// deep in a page). A document's score is its better place's; each hit carries the snippet of that place.
    /// `everyWord`: a place must hold every word (else any, more words ranking higher). `pagesOnly`: the page and
    /// document text alone is searched. Any input is safe (as `keywordSearch`); no words is `IndexError.emptyQuery`.
    public func textSearch(_ text: String, filter: SearchFilter = SearchFilter(), limit: Int, everyWord: Bool = false,
                           pagesOnly: Bool = false) throws -> [SearchHit] {
        let match = everyWord ? try FTSQuery.everyTerm(text) : try FTSQuery.anyTerm(text)
        guard limit > 0 else { return [] }
        var best: [Int: (score: Double, passage: Int?)] = [:]
        for hit in try pagesOnly ? [] : keywordSearch(match: match, filter: filter, limit: limit) {
            best[hit.bookmarkID] = (hit.keywordScore ?? hit.score, nil)
        }
        for page in try pageMatches(match, filter: filter, documents: limit) where page.score > best[page.document]?.score ?? -.infinity {
            best[page.document] = (page.score, page.passage)
        }
        let ranked = best.sorted { a, b in a.value.score != b.value.score ? a.value.score > b.value.score : a.key < b.key }.prefix(limit)
        return try IndexError.wrap {
            try database.read { connection in
                let fields = try connection.prepare("""
                    SELECT snippet(index_fts, -1, ?, ?, ?, ?) FROM index_fts WHERE index_fts MATCH ? AND rowid = ?
                    """)
                let passages = try connection.prepare("""
                    SELECT snippet(index_passages_fts, 0, ?, ?, ?, ?) FROM index_passages_fts
                    WHERE index_passages_fts MATCH ? AND rowid = ?
                    """)
                return try ranked.enumerated().map { offset, entry in
                    let statement = entry.value.passage == nil ? fields : passages
                    try statement.bind([.text(String(KeywordSnippet.open)), .text(String(KeywordSnippet.close)),
                                        .text(KeywordSnippet.ellipsis), .integer(Int64(KeywordSnippet.tokens)), .text(match),
                                        .integer(Int64(entry.value.passage ?? entry.key))])
                    defer { statement.reset() }
                    let snippet = try statement.step().map {
                        KeywordSnippet(place: entry.value.passage == nil ? .fields : .page, text: try $0.string(at: 0),
                                       passageID: entry.value.passage)
                    }
                    return SearchHit(bookmarkID: entry.key, score: entry.value.score, legs: .keyword, keywordRank: offset + 1,
                                     keywordScore: entry.value.score, snippet: snippet)
                }
            }
        }
    }

    /// The best-matching page passage of each of the `documents` best documents within `filter`: its id, its
    /// document and its score (BM25 negated, higher is better), best first.
    private func pageMatches(_ match: String, filter: SearchFilter, documents: Int) throws -> [(passage: Int, document: Int, score: Double)] {
        let (clause, filterArguments) = filter.sql
        let weights = Self.passageColumnWeights.map { String($0) }.joined(separator: ", ")
        var arguments = filterArguments
        arguments["match"] = .text(match)
        // A document has up to `maximumPassages` passages: rank the matching passages alone first and keep each
        // document's best; when the first few hundred hold too few documents, rank every match within the scope.
        let inner = max(documents * 8, 400)
        arguments["inner"] = .integer(Int64(inner))
        let rows = try IndexError.wrap {
            try database.read { connection -> [Row] in
                let best = try connection.query("""
                    SELECT f.id, f.rank, p.document_id FROM (
                        SELECT rowid AS id, bm25(index_passages_fts, \(weights)) AS rank FROM index_passages_fts
                        WHERE index_passages_fts MATCH :match ORDER BY rank LIMIT :inner) f
                    JOIN index_passages p ON p.id = f.id JOIN index_documents d ON d.bookmark_id = p.document_id
                    WHERE p.section = 'page' AND \(clause) ORDER BY f.rank, f.id
                    """, arguments)
                if Set(try best.map { try $0.int(at: 2) }).count >= documents { return best }
                arguments["inner"] = nil
                return try connection.query("""
                    SELECT p.id, bm25(index_passages_fts, \(weights)) AS rank, p.document_id
                    FROM index_passages_fts JOIN index_passages p ON p.id = index_passages_fts.rowid
                    JOIN index_documents d ON d.bookmark_id = p.document_id
                    WHERE index_passages_fts MATCH :match AND p.section = 'page' AND \(clause)
                    ORDER BY rank, p.id
                    """, arguments)
            }
        }
        var seen = Set<Int>()
        var found: [(passage: Int, document: Int, score: Double)] = []
        for row in rows where found.count < documents {
            let document = try row.int(at: 2)
            guard seen.insert(document).inserted else { continue }
            found.append((try row.int(at: 0), document, -(try row.double(at: 1))))
        }
        return found
    }
}
