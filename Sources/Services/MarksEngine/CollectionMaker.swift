import MarksCore

/// Makes smart collections from bookmarks and their unit vectors: groups them (`CollectionClustering`: more
/// collections for a larger library, the odds and ends in none) and names each from what its members share
/// (`ClusterNamer`). Pure and deterministic; its caller runs it on the compute workers. `CollectionBuilder` embeds a
/// request's bookmarks and calls it; the library's saved collections give it the search index's vectors.
public struct CollectionMaker: Sendable {
    /// Fewer distinct bookmarks than this give no collections.
    public var minimumBookmarks = 6
    /// The most collections of a small set (up to 300 bookmarks; a larger library gets √(count / 2), at most 150).
    public var maximumCollections = 12
    /// A collection needs at least this many bookmarks (and a share of them: 3% of a small set, 0.2% of a library).
    public var minimumCollectionSize = 3
    /// A small set's clustering whose silhouette is below this has no structure worth showing.
    public var minimumSilhouette = 0.02
    var linkage = AgglomerativeClustering.Linkage.ward
    var refines = true

    /// A maker with the defaults.
    public init() {}

    /// The collections of `items`, whose unit vectors are `vectors` (row-major, `dimension` each, in the same order),
    /// largest first. Items must have distinct ids.
    public func collections(_ items: [CollectionItem], vectors: [Float], dimension: Int) -> [SmartCollection] {
        guard items.count >= max(minimumBookmarks, 2), vectors.count == items.count * dimension else { return [] }
        let clustering = CollectionClustering(minimumCollectionSize: minimumCollectionSize, maximumSmallCollections: maximumCollections,
                                              minimumSilhouette: minimumSilhouette, linkage: linkage, refines: refines)
        let clusters = clustering.groups(vectors, count: items.count, dimension: dimension)
        guard !clusters.isEmpty else { return [] }
        let namer = ClusterNamer(
            documents: items.map { item in
                ClusterNamer.Document(chunks: WordTokenizer.chunks(item.title), tags: (item.tags ?? []).map { $0.lowercased() })
            },
            originalTexts: items.map(\.title))
        let labels = namer.labels(for: clusters)
        return zip(clusters, labels).map { members, label in
            SmartCollection(name: label.name, description: label.description, bookmarkIDs: members.map { items[$0].id })
        }
    }
}
