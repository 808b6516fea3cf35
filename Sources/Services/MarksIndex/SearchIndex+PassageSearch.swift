import SQLiteDatabase

extension SearchIndex {
    /// BM25 weights of the passage FTS columns: text, heading.
    static let passageColumnWeights: [Double] = [1, 0.5]
    /// BM25 weights of `index_fts` when its fields stand for a `fields` passage, as `passageColumnWeights` weigh a
    /// stored one: the title as the heading, summary, description and notes as the text; tags and URL are not in it.
    static let fieldPassageColumnWeights: [Double] = [0.5, 0, 1, 1, 1, 0]
    /// The `index_fts` columns a `fields` passage's text is made of.
    static let fieldPassageColumns = "{title summary description notes}"
    /// BM25 weights of `index_fts` for a source's `fields` passage: its title, both heading and text.
    static let sourceTitleColumnWeights: [Double] = [1.5, 0, 0, 0, 0, 0]

    /// Full-text search over passages: the `limit` best BM25 matches of any word of `text` among the passages of
    /// the documents `filter` lets through, best first — the stored `page` passages and, for each document whose
    /// fields match (`index_fts`), its `fields` passage that holds most of the words. The hits' `bookmarkID` holds the
    /// passage id (so the one fusion, `fuse`, serves both kinds of search). No words is `IndexError.emptyQuery`.
    public func passageKeywordSearch(_ text: String, filter: SearchFilter = SearchFilter(), limit: Int) throws -> [SearchHit] {
        let match = try FTSQuery.anyTerm(text)
        guard limit > 0 else { return [] }
        // A bookmark's `fields` passages hold its title, summary, description and notes; a source's, its title alone
        // (its description is the start of its text, which its `page` passages hold).
        var fields: [SearchHit] = []
        if filter.sources != .only {
            var bookmarks = filter
            bookmarks.sources = .excluded
            fields += try keywordSearch(match: "\(Self.fieldPassageColumns) : (\(match))", filter: bookmarks, limit: limit,
                                        weights: Self.fieldPassageColumnWeights)
        }
        if filter.sources != .excluded {
            var sources = filter
            sources.sources = .only
            fields += try keywordSearch(match: "title : (\(match))", filter: sources, limit: limit, weights: Self.sourceTitleColumnWeights)
        }
        let found = try pagePassageKeywordMatches(match, filter: filter, limit: limit)
            + fieldPassageMatches(fields.map { (document: $0.bookmarkID, score: $0.keywordScore ?? $0.score) }, query: text)
        return Self.best(found, limit: limit).enumerated().map { offset, match in
            SearchHit(bookmarkID: match.id, score: match.score, legs: .keyword, keywordRank: offset + 1, keywordScore: match.score)
        }
    }

    /// The `limit` best BM25 matches among the stored (`page`) passages within `filter`: passage id and score (BM25
    /// negated, higher is better).
    private func pagePassageKeywordMatches(_ match: String, filter: SearchFilter, limit: Int) throws -> [(id: Int, score: Double)] {
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
        return try rows.map { (id: try $0.int(at: 0), score: -(try $0.double(at: 1))) }
    }

    /// The `limit` passages whose vectors are most similar to `query` (cosine) among the documents `filter` lets
    /// through, best first (`bookmarkID` holds the passage id): the stored (`page`) passages by their own vectors, and
    /// each document by its vector as its `fields` passage — the one holding most words of `text`, else the first.
    public func passageVectorSearch(_ query: [Float], text: String = "", filter: SearchFilter = SearchFilter(),
                                    limit: Int) throws -> [SearchHit] {
        guard query.count == dimension else { throw IndexError.dimensionMismatch(expected: dimension, found: query.count) }
        guard limit > 0 else { return [] }
        let allowed = try documentIDs(passing: filter)
        let pages = try withCurrentPassages { rows in
            rows.top(query, count: limit, allowedDocuments: allowed)
        }.map { (id: $0.id, score: Double($0.score)) }
        let documents = try vectorSearch(query, filter: filter, limit: limit).map { (document: $0.bookmarkID, score: $0.vectorScore ?? $0.score) }
        let found = try pages + fieldPassageMatches(documents, query: text)
        return Self.best(found, limit: limit).enumerated().map { offset, match in
            SearchHit(bookmarkID: match.id, score: match.score, legs: .vector, vectorRank: offset + 1, vectorScore: match.score)
        }
    }

    /// Documents' matches as their `fields` passages' (`IndexedDocument.fieldPassage(for:)`): passage id and the
    /// document's score. A document the index no longer holds is left out.
    private func fieldPassageMatches(_ matches: [(document: Int, score: Double)], query: String) throws -> [(id: Int, score: Double)] {
        guard !matches.isEmpty else { return [] }
        let documents = try documents(ids: matches.map(\.document))
        return matches.compactMap { match in
            documents[match.document]?.fieldPassage(for: query).map { (id: $0.id, score: match.score) }
        }
    }

    /// The `limit` best of `matches`, higher score first; ties go to the lower id, as in the searches' SQL.
    private static func best(_ matches: [(id: Int, score: Double)], limit: Int) -> [(id: Int, score: Double)] {
        Array(matches.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }.prefix(limit))
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
        let vector = try queryVector.map { try passageVectorSearch($0, text: text, filter: filter, limit: depth) } ?? []
        return Self.fuse(keyword: keyword, vector: vector, limit: limit)
    }

    /// Passages by id, `page` passages from their rows and `fields` passages cut from their document's (ids not in
    /// the index are left out).
    public func passages(ids: [Int]) throws -> [Int: IndexedPassage] {
        guard !ids.isEmpty else { return [:] }
        var found: [Int: IndexedPassage] = [:]
        let fields = Set(ids).compactMap { id in IndexedPassage.fieldPassage(id: id).map { (id: id, document: $0.document, ordinal: $0.ordinal) } }
        if !fields.isEmpty {
            let documents = try documents(ids: fields.map(\.document))
            for field in fields {
                guard let passages = documents[field.document]?.fieldPassages, passages.indices.contains(field.ordinal) else { continue }
                found[field.id] = passages[field.ordinal]
            }
        }
        let rows = Set(ids.filter { $0 > 0 })
        guard !rows.isEmpty else { return found }
        return try IndexError.wrap {
            try database.read { connection in
                let statement = try connection.prepare("SELECT * FROM index_passages WHERE id = ?")
                for id in rows {
                    try statement.bind([.integer(Int64(id))])
                    if let row = try statement.step() { found[id] = try IndexedPassage(row: row) }
                    statement.reset()
                }
                return found
            }
        }
    }
}
