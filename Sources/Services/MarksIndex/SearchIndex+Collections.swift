import MarksCore
import SQLiteDatabase

/// The live bookmarks the search index holds vectors for, as smart collections are made from them.
public struct CollectionInput: Sendable {
    /// Each bookmark's title, domain, summary and tags (its own and AI tags), in `bookmark_id` order.
    public var items: [CollectionItem]
    /// Their unit vectors, row-major, `dimension` components each, in the same order.
    public var vectors: [Float]
    /// Components per vector.
    public var dimension: Int
    /// The index's generation when read: equal generations hold the same bookmarks and vectors.
    public var generation: Int64
}

extension SearchIndex {
    /// Every live (unarchived) bookmark with a vector, read in one snapshot; documents and bookmarks still waiting
    /// for their vector are left out.
    public func collectionInput() throws -> CollectionInput {
        let dimension = dimension
        return try IndexError.wrap {
            try database.read { connection in
                let generation = try Self.generation(connection)
                let statement = try connection.prepare("""
                    SELECT d.bookmark_id, d.title, d.domain, d.ai_summary, d.tag_names, d.ai_tags, v.vector
                    FROM index_documents d JOIN index_vectors v ON v.id = d.content_hash
                    WHERE d.archived = 0 AND d.bookmark_id > 0 ORDER BY d.bookmark_id
                    """)
                var items: [CollectionItem] = []
                var vectors: [Float] = []
                while let row = try statement.step() {
                    guard let vector = QuantizedVector(blob: try row.blob(at: 6), dimension: dimension) else { continue }
                    let tags = IndexedDocument.splitTags(try row.string(at: 4)) + IndexedDocument.splitTags(try row.string(at: 5))
                    var seen = Set<String>()
                    items.append(CollectionItem(id: try row.int(at: 0), title: try row.string(at: 1), domain: try row.string(at: 2),
                                                summary: try row.optionalString(at: 3),
                                                tags: tags.filter { seen.insert($0.lowercased()).inserted }))
                    vectors.append(contentsOf: VectorMathHelpers.unit(vector.floats))
                }
                return CollectionInput(items: items, vectors: vectors, dimension: dimension, generation: generation)
            }
        }
    }

    /// The index's generation alone (what `collectionInput` would carry), so a caller can tell that nothing changed
    /// without reading every vector.
    public func collectionGeneration() throws -> Int64 {
        try IndexError.wrap {
            try database.read(Self.generation)
        }
    }

    /// How many live bookmarks have a vector (what `collectionInput` would read).
    public func collectionInputCount() throws -> Int {
        try IndexError.wrap {
            try database.read { connection in
                try connection.queryOne("""
                    SELECT count(*) FROM index_documents d JOIN index_vectors v ON v.id = d.content_hash
                    WHERE d.archived = 0 AND d.bookmark_id > 0
                    """)?.int(at: 0) ?? 0
            }
        }
    }
}
