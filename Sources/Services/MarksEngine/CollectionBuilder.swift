import MarksCore

/// Groups the bookmarks of a request into smart collections (the `AIEngine` seam's `collections`): their
/// `title · domain · summary` embeddings (cached), grouped and named by `CollectionMaker`. The same input always
/// gives the same collections, largest first.
public struct CollectionBuilder: Sendable {
    /// Groups and names.
    public var maker = CollectionMaker()
    private let embeddings: EmbeddingProvider

    /// A builder embedding with `embedder` and keeping bookmark embeddings in `cache`.
    public init(embedder: any TextEmbedder, cache: any EmbeddingCache) {
        embeddings = EmbeddingProvider(embedder: embedder, cache: cache)
    }

    /// The collections of `items` (not validated here; `OfflineEngine` checks the limits). Repeated ids count once.
    public func collections(_ items: [CollectionItem]) throws -> [SmartCollection] {
        var seen = Set<Int>()
        let unique = items.filter { seen.insert($0.id).inserted }
        guard unique.count >= max(maker.minimumBookmarks, 2) else { return [] }
        let vectors = try embeddings.embedCached(unique.map { BookmarkText.of(title: $0.title, domain: $0.domain, summary: $0.summary) })
        return maker.collections(unique, vectors: vectors.flatMap(Vectors.normalized), dimension: embeddings.dimension)
    }
}
