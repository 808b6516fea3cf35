/// Which bookmarks go together, from their unit vectors: the one grouping behind every smart collection.
///
/// Up to `exhaustiveLimit` bookmarks (a `/v1/` request, a small library) the clusters are agglomerative (Ward) and
/// refined by k-means, their number chosen by the silhouette over 2…`smallCollections(count)`. Above it, the number
/// grows with the library, √(count / 2) clamped to 12…`maximumCollections` (70 for 10,000 bookmarks), made by
/// spherical k-means (`SphericalKMeans`) into twice that many, the closest then merged (Ward) down to it; a cluster
/// over `largestSize` is split in two while both halves are big enough. Bookmarks far from their cluster's centre (cosine under `memberFloor`) belong to none, and clusters under
/// `smallestSize` are left out: a library's odds and ends make no collection.
struct CollectionClustering {
    /// A collection needs at least this many bookmarks (and, above `exhaustiveLimit`, 0.2% of them).
    var minimumCollectionSize = 3
    /// The most collections of a small set (the silhouette's range ends here or at count / 3).
    var maximumSmallCollections = 12
    /// The most collections of a large library.
    var maximumCollections = 150
    /// A small set's clustering whose silhouette is below this has no structure worth showing.
    var minimumSilhouette = 0.02
    /// In a large library, a bookmark less similar than this to its cluster's centre is in no collection.
    var memberFloor: Float = 0.3
    var linkage = AgglomerativeClustering.Linkage.ward
    var refines = true

    /// Up to this many vectors the clustering compares every pair (count² similarities).
    static let exhaustiveLimit = 300

    /// The number of clusters a large library is cut into.
    func clusterCount(_ count: Int) -> Int {
        min(maximumCollections, max(12, Int((Double(count) / 2).squareRoot().rounded())))
    }

    /// The smallest collection of a library of `count` bookmarks.
    func smallestSize(_ count: Int) -> Int {
        count <= Self.exhaustiveLimit ? max(minimumCollectionSize, Int((Double(count) * 0.03).rounded(.up)))
            : max(minimumCollectionSize, Int((Double(count) * 0.002).rounded(.up)))
    }

    /// The largest collection of a large library before it is split: three times the mean cluster.
    func largestSize(_ count: Int) -> Int {
        max(4 * smallestSize(count), 3 * count / max(1, clusterCount(count)))
    }

    /// Member indices of the kept clusters, largest first (ties: earliest first member), members in input order.
    /// `rows` holds `count` unit vectors of `dimension` components, row-major.
    func groups(_ rows: [Float], count: Int, dimension: Int) -> [[Int]] {
        guard count >= 2, dimension > 0, rows.count == count * dimension else { return [] }
        let groups = count <= Self.exhaustiveLimit ? exhaustive(rows, count: count, dimension: dimension)
            : partitioned(rows, count: count, dimension: dimension)
        let smallest = smallestSize(count)
        return groups.filter { $0.count >= smallest }.sorted { a, b in
            a.count != b.count ? a.count > b.count : (a.first ?? 0) < (b.first ?? 0)
        }
    }

    private func exhaustive(_ rows: [Float], count: Int, dimension: Int) -> [[Int]] {
        let vectors = (0..<count).map { Array(rows[$0 * dimension..<($0 + 1) * dimension]) }
        let similarity = Vectors.similarityMatrix(vectors)
        let tree = AgglomerativeClustering(similarity: similarity, count: count, linkage: linkage)
        let largestK = min(maximumSmallCollections, count / 3)
        guard largestK >= 2 else { return [] }
        var bestLabels: [Int] = []
        var bestScore = -Double.greatestFiniteMagnitude
        for k in 2...largestK {
            let labels = refines ? KMeansRefinement.refine(labels: tree.labels(clusters: k), vectors: vectors, dimension: dimension)
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
        return groups
    }

    private func partitioned(_ rows: [Float], count: Int, dimension: Int) -> [[Int]] {
        let k = clusterCount(count)
        // Twice as many k-means clusters, then the closest merged (Ward) down to k: seeds that fell two to a topic, or
        // one between two topics, are mended by the merges.
        let result = SphericalKMeans().cluster(rows, count: count, dimension: dimension, k: min(count, 2 * k))
        let labels = Self.merged(result.labels, rows: rows, dimension: dimension, clusters: k)
        let clusterTotal = (labels.max() ?? -1) + 1
        var sums = [Float](repeating: 0, count: clusterTotal * dimension)
        for row in 0..<count {
            let to = labels[row] * dimension, from = row * dimension
            for column in 0..<dimension { sums[to + column] += rows[from + column] }
        }
        let centres = (0..<clusterTotal).flatMap { Vectors.normalized(Array(sums[$0 * dimension..<($0 + 1) * dimension])) }
        var groups = [[Int]](repeating: [], count: clusterTotal)
        for row in 0..<count where SphericalKMeans.dot(rows, row * dimension, centres, labels[row] * dimension, dimension) >= memberFloor {
            groups[labels[row]].append(row)
        }
        let smallest = smallestSize(count), largest = largestSize(count)
        var kept: [[Int]] = []
        var pending = groups.filter { !$0.isEmpty }
        while let group = pending.popLast() {
            guard group.count > largest, kept.count + pending.count < maximumCollections,
                  let halves = split(group, rows: rows, dimension: dimension), halves.allSatisfy({ $0.count >= smallest }) else {
                kept.append(group)
                continue
            }
            pending.append(contentsOf: halves)
        }
        return kept
    }

    /// `labels` with the closest clusters merged until `clusters` remain (Ward's criterion on the members' mean vectors:
    /// the merge that adds least to the within-cluster spread first), renumbered 0…; deterministic (ties: lowest pair).
    static func merged(_ labels: [Int], rows: [Float], dimension: Int, clusters: Int) -> [Int] {
        let initial = (labels.max() ?? -1) + 1
        guard initial > clusters else { return labels }
        var sums = [[Double]](repeating: [Double](repeating: 0, count: dimension), count: initial)
        var sizes = [Double](repeating: 0, count: initial)
        for (row, label) in labels.enumerated() {
            sizes[label] += 1
            for column in 0..<dimension { sums[label][column] += Double(rows[row * dimension + column]) }
        }
        var active = (0..<initial).filter { sizes[$0] > 0 }
        func cost(_ a: Int, _ b: Int) -> Double {
            var squared = 0.0
            for column in 0..<dimension {
                let difference = sums[a][column] / sizes[a] - sums[b][column] / sizes[b]
                squared += difference * difference
            }
            return sizes[a] * sizes[b] / (sizes[a] + sizes[b]) * squared
        }
        var costs = [Double](repeating: .infinity, count: initial * initial)
        for (position, a) in active.enumerated() { for b in active[(position + 1)...] { costs[a * initial + b] = cost(a, b) } }
        var parent = Array(0..<initial)
        while active.count > clusters {
            var best = (0, 0), bestCost = Double.infinity
            for (position, a) in active.enumerated() {
                for b in active[(position + 1)...] where costs[a * initial + b] < bestCost {
                    bestCost = costs[a * initial + b]
                    best = (a, b)
                }
            }
            let (a, b) = best
            guard bestCost < .infinity else { break }
            for column in 0..<dimension { sums[a][column] += sums[b][column] }
            sizes[a] += sizes[b]
            parent[b] = a
            active.removeAll { $0 == b }
            for other in active where other != a {
                let value = cost(min(a, other), max(a, other))
                costs[min(a, other) * initial + max(a, other)] = value
            }
        }
        func root(_ label: Int) -> Int {
            var label = label
            while parent[label] != label { label = parent[label] }
            return label
        }
        return KMeansRefinement.renumbered(labels.map(root))
    }

    /// `members` cut in two by 2-means over their own vectors, or nil when they do not divide.
    private func split(_ members: [Int], rows: [Float], dimension: Int) -> [[Int]]? {
        var subset = [Float]()
        subset.reserveCapacity(members.count * dimension)
        for member in members { subset.append(contentsOf: rows[member * dimension..<(member + 1) * dimension]) }
        let result = SphericalKMeans().cluster(subset, count: members.count, dimension: dimension, k: 2)
        var halves: [[Int]] = [[], []]
        for (position, member) in members.enumerated() { halves[result.labels[position]].append(member) }
        return halves.contains(where: \.isEmpty) ? nil : halves
    }
}
