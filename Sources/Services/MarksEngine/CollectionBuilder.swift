import MarksCore

/// Groups bookmarks into smart collections: their `title · domain · summary` embeddings (cached) are
/// clustered agglomeratively, the number of clusters chosen by the silhouette over 2…min(12, n/3), small
/// clusters left out (every bookmark is in at most one collection), and each cluster named and described
/// by `ClusterNamer`. The same input always gives the same collections, largest first.
public struct CollectionBuilder: Sendable {
    /// Fewer distinct bookmarks than this give no collections.
    public var minimumBookmarks = 6
    /// The most collections considered.
    public var maximumCollections = 12
    /// A collection needs at least this many bookmarks (and at least 3% of them).
    public var minimumCollectionSize = 3
    /// A clustering whose silhouette is below this has no structure worth showing.
    public var minimumSilhouette = 0.02
    var linkage = AgglomerativeClustering.Linkage.ward
    var refines = true
    private let embeddings: EmbeddingProvider

    /// A builder embedding with `embedder` and keeping bookmark embeddings in `cache`.
    public init(embedder: any TextEmbedder, cache: any EmbeddingCache) {
        embeddings = EmbeddingProvider(embedder: embedder, cache: cache)
    }

    /// The collections of `items` (not validated here; `OfflineEngine` checks the limits). Repeated ids count once.
    public func collections(_ items: [CollectionItem]) throws -> [SmartCollection] {
        var seen = Set<Int>()
        let unique = items.filter { seen.insert($0.id).inserted }
        guard unique.count >= max(minimumBookmarks, 2) else { return [] }
        let vectors = try embeddings.embedCached(unique.map { BookmarkText.of(title: $0.title, domain: $0.domain, summary: $0.summary) })
        let clusters = cluster(vectors)
        guard !clusters.isEmpty else { return [] }
        let namer = ClusterNamer(
            documents: unique.map { item in
                ClusterNamer.Document(
                    chunks: WordTokenizer.chunks(item.title) + WordTokenizer.chunks(item.summary ?? ""),
                    tags: (item.tags ?? []).map { $0.lowercased() })
            },
            originalTexts: unique.flatMap { [$0.title, $0.summary ?? ""] })
        let centroids = clusters.map { members in Vectors.centroid(members.map { vectors[$0] }, dimension: embeddings.dimension) }
        let labels = try namer.labels(for: clusters, centroids: centroids, embed: embeddings.embedCached)
        return zip(clusters, labels).map { members, label in
            SmartCollection(name: label.name, description: label.description, bookmarkIDs: members.map { unique[$0].id })
        }
    }

    /// Member indices of the kept clusters, largest first (ties: earliest first member), members in input order.
    func cluster(_ vectors: [[Float]]) -> [[Int]] {
        let count = vectors.count
        let similarity = Vectors.similarityMatrix(vectors)
        let tree = AgglomerativeClustering(similarity: similarity, count: count, linkage: linkage)
        let largestK = min(maximumCollections, count / 3)
        guard largestK >= 2 else { return [] }
        var bestLabels: [Int] = []
        var bestScore = -Double.greatestFiniteMagnitude
        for k in 2...largestK {
            let labels = refines ? KMeansRefinement.refine(labels: tree.labels(clusters: k), vectors: vectors, dimension: embeddings.dimension)
                : tree.labels(clusters: k)
            let score = Silhouette.mean(labels: labels, similarity: similarity)
            if score > bestScore + 1e-9 {
                bestScore = score
                bestLabels = labels
            }
        }
        guard bestScore >= minimumSilhouette, let k = bestLabels.max().map({ $0 + 1 }) else { return [] }
        var groups = [[Int]](repeating: [], count: k)
        for (item, label) in bestLabels.enumerated() { groups[label].append(item) }
        let smallest = max(minimumCollectionSize, Int((Double(count) * 0.03).rounded(.up)))
        return groups.filter { $0.count >= smallest }.sorted { a, b in
            a.count != b.count ? a.count > b.count : (a.first ?? 0) < (b.first ?? 0)
        }
    }
}
