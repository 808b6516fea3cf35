/// A bookmark near a page that carries tags of its own, with its similarity to the page.
public struct TaggedNeighbour: Sendable, Equatable {
    /// The bookmark's id.
    public var id: Int
    /// Its linkding tags (never its AI tags: those are the engine's guesses, not the person's).
    public var tags: [String]
    /// Cosine similarity of its vector to the page's.
    public var similarity: Float
}

extension SearchIndex {
    /// True when some bookmark has tags of its own (before that, there are no neighbours to learn from).
    public func hasTaggedDocuments() throws -> Bool {
        try IndexError.wrap {
            try database.read { connection in
                try connection.queryOne("SELECT 1 FROM index_documents WHERE tag_names != '' AND bookmark_id > 0 LIMIT 1") != nil
            }
        }
    }

    /// The `count` bookmarks most similar to `vector` among those with tags of their own, best first, live and
    /// archived alike (sources never), leaving out `excluding` (the bookmark being tagged). Exact: the search
    /// runs over the tagged rows only.
    public func nearestTagged(to vector: [Float], count: Int, excluding: Set<Int> = []) throws -> [TaggedNeighbour] {
        guard vector.count == dimension else { throw IndexError.dimensionMismatch(expected: dimension, found: vector.count) }
        guard count > 0 else { return [] }
        let tagged = try IndexError.wrap {
            try database.read { connection in
                Set(try connection.query("SELECT bookmark_id FROM index_documents WHERE tag_names != '' AND bookmark_id > 0")
                    .map { try $0.int(at: 0) })
            }
        }.subtracting(excluding)
        guard !tagged.isEmpty else { return [] }
        let query = VectorMathHelpers.unit(vector)
        let matches = try withCurrentMatrix { rows in
            [false, true].flatMap { archived in
                rows.top(query, count: count, archivedScope: archived, unreadOnly: false, allowedIDs: tagged)
            }
        }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }.prefix(count)
        let documents = try documents(ids: matches.map(\.id))
        return matches.compactMap { match in
            guard let document = documents[match.id], !document.tagNames.isEmpty else { return nil }
            return TaggedNeighbour(id: match.id, tags: document.tagNames, similarity: match.score)
        }
    }
}
