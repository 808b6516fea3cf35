import SQLiteDatabase

extension SearchIndex {
    /// A change a write makes to the in-memory vectors.
    enum MatrixChange {
        case set(id: Int, vector: QuantizedVector, unread: Bool, archived: Bool)
        case remove(id: Int)
        case reset
        /// A passage's vector (passage id, its document).
        case setPassage(id: Int, document: Int, vector: QuantizedVector)
        case removePassage(id: Int)
        /// Forget the passage rows too (the index was cleared).
        case resetPassages
    }

    /// Runs `body` in a write transaction; when it changed anything, bumps the generation and applies the
    /// matrix changes — or drops the matrix when another process wrote since it was loaded.
    func write(_ body: (Connection, inout [MatrixChange]) throws -> Void) throws {
        do {
            try database.write { connection in
                var changes: [MatrixChange] = []
                try body(connection, &changes)
                guard !changes.isEmpty else { return }
                let generation = try connection.queryOne(
                    "UPDATE index_state SET value = value + 1 WHERE key = 'generation' RETURNING value")?.int64(at: 0) ?? 0
                matrix.withRows { rows in
                    rows.apply(changes, committedAs: generation) { rows, change in
                        switch change {
                        case .set(let id, let vector, let unread, let archived): rows.set(id: id, vector: vector, unread: unread, archived: archived)
                        case .remove(let id): rows.remove(id: id)
                        case .reset: rows.reset()
                        case .setPassage, .removePassage, .resetPassages: break
                        }
                    }
                }
                passages.withRows { rows in
                    rows.apply(changes, committedAs: generation) { rows, change in
                        switch change {
                        case .setPassage(let id, let document, let vector): rows.set(id: id, document: document, vector: vector)
                        case .removePassage(let id): rows.remove(id: id)
                        case .resetPassages: rows.reset()
                        case .set, .remove, .reset: break
                        }
                    }
                }
            }
        } catch {
            // The transaction rolled back: the matrices may hold changes that never committed.
            matrix.withRows { $0.reset() }
            passages.withRows { $0.reset() }
            if error is IndexError { throw error }
            throw IndexError.storage(String(describing: error))
        }
    }

    /// The index's generation, bumped by every write (another process's too).
    static func generation(_ connection: Connection) throws -> Int64 {
        try connection.queryOne("SELECT value FROM index_state WHERE key = 'generation'")?.int64(at: 0) ?? 0
    }

    /// Forgets the vectors held in memory (the bookmarks' and the passages'); the next vector search reads them again.
    /// For a long-running process that has not searched for a while (`marks serve` does it when it lets the model go).
    public func releaseLoadedVectors() {
        matrix.withRows { $0.reset() }
        passages.withRows { $0.reset() }
    }

    /// Runs `body` with the bookmarks' vectors, loading them first when they are not loaded or another process wrote since.
    func withCurrentMatrix<T>(_ body: (inout VectorMatrix.Rows) throws -> T) throws -> T {
        try withCurrent(matrix, loading: """
            SELECT d.bookmark_id, d.unread, d.archived, v.vector
            FROM index_documents d JOIN index_vectors v ON v.id = d.content_hash
            """, vectorColumn: 3, info: { BookmarkVectorFlags(unread: try $0.bool(at: 1), archived: try $0.bool(at: 2)) }, body)
    }

    /// Runs `body` with the passage vectors, loading them first when they are not loaded or another process wrote since.
    func withCurrentPassages<T>(_ body: (inout PassageMatrix.Rows) throws -> T) throws -> T {
        try withCurrent(passages, loading: """
            SELECT p.id, p.document_id, v.vector FROM index_passages p JOIN index_vectors v ON v.id = p.content_hash
            """, vectorColumn: 2, info: { try $0.int(at: 1) }, body)
    }

    /// Runs `body` with `matrix`'s rows, reading them first (one snapshot, so the generation matches the rows) when they
    /// are not loaded or the index's generation moved on: `sql` gives each row's id first and its vector in `vectorColumn`.
    private func withCurrent<Info, T>(_ matrix: EmbeddingMatrix<Info>, loading sql: String, vectorColumn: Int,
                                      info: (Row) throws -> Info, _ body: (inout EmbeddingMatrix<Info>.Rows) throws -> T) throws -> T {
        let current = try IndexError.wrap {
            try database.read(Self.generation)
        }
        let dimension = dimension
        return try matrix.withRows { rows in
            if !rows.isLoaded || current > rows.generation {
                rows.reset()
                try IndexError.wrap {
                    try database.read { connection in
                        rows.generation = try Self.generation(connection)
                        let statement = try connection.prepare(sql)
                        while let row = try statement.step() {
                            guard let vector = QuantizedVector(blob: try row.blob(at: vectorColumn), dimension: dimension) else { continue }
                            rows.set(id: try row.int(at: 0), info: try info(row), vector: vector)
                        }
                    }
                }
                rows.isLoaded = true
            }
            return try body(&rows)
        }
    }
}
