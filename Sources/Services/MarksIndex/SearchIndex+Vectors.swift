import SQLiteDatabase

/// A text waiting for its vector, keyed by its content hash.
public struct PendingText: Sendable, Equatable {
    /// The hash the vector is stored under.
    public var contentHash: String
    /// The text to embed.
    public var text: String
}

extension SearchIndex {
    /// Up to `limit` distinct texts that have no vector yet.
    public func pendingTexts(limit: Int) throws -> [PendingText] {
        guard limit > 0 else { return [] }
        return try IndexError.wrap {
            try database.read { connection in
                // Rows stream in id order and stop once `limit` distinct hashes are found (no scan-wide GROUP BY).
                let statement = try connection.prepare("SELECT * FROM index_documents d WHERE \(pendingCondition)")
                try statement.bind([.integer(Int64(dimension * 4))])
                var seen = Set<String>()
                var pending: [PendingText] = []
                while pending.count < limit, let row = try statement.step() {
                    let hash = try row.string("content_hash")
                    guard seen.insert(hash).inserted else { continue }
                    pending.append(PendingText(contentHash: hash, text: try IndexedDocument(row: row).embeddingText))
                }
                return pending
            }
        }
    }

    /// Stores vectors by content hash and gives them to every document with that hash.
    public func storeVectors(_ vectors: [(contentHash: String, vector: [Float])]) throws {
        for entry in vectors where entry.vector.count != dimension {
            throw IndexError.dimensionMismatch(expected: dimension, found: entry.vector.count)
        }
        guard !vectors.isEmpty else { return }
        try write { connection, changes in
            let store = try connection.prepare("INSERT OR REPLACE INTO index_vectors (content_hash, vector) VALUES (?, ?)")
            let owners = try connection.prepare("SELECT bookmark_id, unread, archived FROM index_documents WHERE content_hash = ?")
            for (hash, vector) in vectors {
                let unit = VectorMathHelpers.unit(vector)
                try store.bind([.text(hash), .blob(VectorCoding.encode(unit))])
                try store.run()
                try owners.bind([.text(hash)])
                for row in try owners.rows() {
                    changes.append(.set(id: try row.int(at: 0), vector: unit, unread: try row.bool(at: 1), archived: try row.bool(at: 2)))
                }
            }
            if changes.isEmpty { changes.append(.reset) } // a vector no document uses yet still bumps the generation
        }
    }

    /// The `limit` bookmarks whose vectors are most similar to `query` (cosine) within `filter`, best first.
    public func vectorSearch(_ query: [Float], filter: SearchFilter = SearchFilter(), limit: Int) throws -> [SearchHit] {
        guard query.count == dimension else { throw IndexError.dimensionMismatch(expected: dimension, found: query.count) }
        guard limit > 0 else { return [] }
        let allowedIDs = try filter.foldedTag.map { tag in
            try IndexError.wrap {
                try database.read { connection in
                    Set(try connection.query("SELECT bookmark_id FROM index_tags WHERE tag = ?", [.text(tag)]).map { try $0.int(at: 0) })
                }
            }
        }
        let matches = try withCurrentMatrix { rows in
            try IndexError.wrap {
                try rows.top(query, count: limit, archivedScope: filter.archived, unreadOnly: filter.unreadOnly, allowedIDs: allowedIDs,
                         sources: filter.sources)
            }
        }
        return matches.enumerated().map { offset, match in
            SearchHit(bookmarkID: match.id, score: Double(match.score), legs: .vector,
                      vectorRank: offset + 1, vectorScore: Double(match.score))
        }
    }

    /// Bookmarks with a vector loaded in memory (loads them if needed).
    public func loadedVectorCount() throws -> Int {
        try withCurrentMatrix { $0.count }
    }
}
