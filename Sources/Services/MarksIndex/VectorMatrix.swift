/// What a bookmark's vector search filters on.
struct BookmarkVectorFlags: Sendable {
    var unread: Bool
    var archived: Bool
}

/// The bookmarks' vectors in memory, one row per bookmark.
typealias VectorMatrix = EmbeddingMatrix<BookmarkVectorFlags>

extension EmbeddingMatrix<BookmarkVectorFlags>.Rows {
    /// Adds or replaces the row of bookmark `id`.
    mutating func set(id: Int, vector: QuantizedVector, unread: Bool, archived: Bool) {
        set(id: id, info: BookmarkVectorFlags(unread: unread, archived: archived), vector: vector)
    }

    /// The `count` bookmarks most similar to `query` among those the filter allows, best first.
    func top(_ query: [Float], count: Int, archivedScope: Bool, unreadOnly: Bool, allowedIDs: Set<Int>?,
             sources: SearchFilter.SourceScope = .excluded) -> [(id: Int, score: Float)] {
        top(query, count: count) { id, flags in
            flags.archived == archivedScope && (!unreadOnly || flags.unread) && (allowedIDs?.contains(id) ?? true) && sources.allows(id)
        }
    }
}
