import SQLiteDatabase

/// A text waiting for its vector, keyed by its content hash.
public struct PendingText: Sendable, Equatable {
    /// The hash the vector is stored under.
    public var contentHash: Int64
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
                let statement = try connection.prepare("SELECT * FROM index_document_rows d WHERE \(pendingCondition)")
                try statement.bind([vectorLength])
                var seen = Set<Int64>()
                var pending: [PendingText] = []
                while pending.count < limit, let row = try statement.step() {
                    let hash = Int64(try row.int("content_hash"))
                    guard seen.insert(hash).inserted else { continue }
                    pending.append(PendingText(contentHash: hash, text: try IndexedDocument(row: row).embeddingText))
                }
                // Then passages (bookmarks first: they make search work; passages make Ask work).
                if pending.count < limit {
                    let passages = try connection.prepare("SELECT content_hash, heading, text FROM index_passages d WHERE \(pendingCondition)")
                    try passages.bind([vectorLength])
                    while pending.count < limit, let row = try passages.step() {
                        let hash = Int64(try row.int(at: 0))
                        guard seen.insert(hash).inserted else { continue }
                        pending.append(PendingText(contentHash: hash, text: Self.embeddingText(heading: try row.string(at: 1), text: try row.string(at: 2))))
                    }
                }
                return pending
            }
        }
    }

    /// Stores vectors by content hash and gives them to every document with that hash.
    public func storeVectors(_ vectors: [(contentHash: Int64, vector: [Float])]) throws {
        for entry in vectors where entry.vector.count != dimension {
            throw IndexError.dimensionMismatch(expected: dimension, found: entry.vector.count)
        }
        guard !vectors.isEmpty else { return }
        try write { connection, changes in
            let store = try connection.prepare("INSERT OR REPLACE INTO index_vectors (id, vector) VALUES (?, ?)")
            let owners = try connection.prepare("SELECT bookmark_id, unread, archived FROM index_documents WHERE content_hash = ?")
            let passages = try connection.prepare("SELECT id, document_id FROM index_passages WHERE content_hash = ?")
            for (hash, vector) in vectors {
                let unit = QuantizedVector(VectorMathHelpers.unit(vector))
                try store.bind([.integer(hash), .blob(unit.blob)])
                try store.run()
                try owners.bind([.integer(hash)])
                for row in try owners.rows() {
                    changes.append(.set(id: try row.int(at: 0), vector: unit, unread: try row.bool(at: 1), archived: try row.bool(at: 2)))
                }
                try passages.bind([.integer(hash)])
                for row in try passages.rows() {
                    changes.append(.setPassage(id: try row.int(at: 0), document: try row.int(at: 1), vector: unit))
                }
            }
            if changes.isEmpty { changes.append(.reset) } // a vector no document uses yet still bumps the generation
        }
    }

    /// The `limit` bookmarks whose vectors are most similar to `query` (cosine) within `filter`, best first.
    public func vectorSearch(_ query: [Float], filter: SearchFilter = SearchFilter(), limit: Int) throws -> [SearchHit] {
        guard query.count == dimension else { throw IndexError.dimensionMismatch(expected: dimension, found: query.count) }
        guard limit > 0 else { return [] }
        let allowedIDs = filter.needsSQL ? try documentIDs(passing: filter) : nil
        let matches = try withCurrentMatrix { rows in
            rows.top(query, count: limit, archivedScope: filter.archived, unreadOnly: filter.unreadOnly, allowedIDs: allowedIDs,
                     sources: filter.sources)
        }
        return matches.enumerated().map { offset, match in
            SearchHit(bookmarkID: match.id, score: Double(match.score), legs: .vector,
                      vectorRank: offset + 1, vectorScore: Double(match.score))
        }
    }

    /// The ids of the documents `filter` lets through (the vector legs' tag and date scopes).
    func documentIDs(passing filter: SearchFilter) throws -> Set<Int> {
        let (clause, arguments) = filter.sql
        return try IndexError.wrap {
            try database.read { connection in
                Set(try connection.query("SELECT d.bookmark_id FROM index_documents d WHERE \(clause)", arguments).map { try $0.int(at: 0) })
            }
        }
    }

    /// Bookmarks with a vector loaded in memory (loads them if needed).
    public func loadedVectorCount() throws -> Int {
        try withCurrentMatrix { $0.count }
    }

    /// Bytes the bookmarks' loaded vectors take in memory, codes and scales (loads them if needed): the figure the
    /// benchmark sets beside Float32's.
    public func loadedVectorBytes() throws -> Int {
        try withCurrentMatrix { $0.codes.count + $0.scales.count * MemoryLayout<Float>.size }
    }
}
