/// Hierarchical clustering of unit vectors from their cosine similarities: every item starts alone and
/// the two closest clusters merge until one is left; the merge history can then be cut at any number of
/// clusters. Deterministic: ties merge the pair with the lowest indices.
struct AgglomerativeClustering {
    /// How the distance between two clusters is measured.
    enum Linkage {
        /// Mean pairwise cosine distance (UPGMA).
        case average
        /// Ward's minimum variance on squared Euclidean distance (2 − 2·cosine for unit vectors).
        case ward
    }

    /// Number of items.
    let count: Int
    /// The merges in order: the two cluster ids merged at each step (items are 0..<count; the cluster made
    /// at step s has id count + s).
    let merges: [(Int, Int)]

    /// Clusters the items of the row-major `count × count` cosine `similarity` matrix.
    init(similarity: [Float], count: Int, linkage: Linkage) {
        self.count = count
        guard count > 1, similarity.count == count * count else {
            merges = []
            return
        }
        var distance = [Double](repeating: 0, count: count * count)
        for index in 0..<(count * count) {
            let cosine = Double(similarity[index])
            distance[index] = linkage == .ward ? max(0, 2 - 2 * cosine) : 1 - cosine
        }
        var size = [Int](repeating: 1, count: count)
        var id = Array(0..<count)
        var active = Array(0..<count)
        var merges: [(Int, Int)] = []
        merges.reserveCapacity(count - 1)
        for step in 0..<(count - 1) {
            var best = Double.greatestFiniteMagnitude
            var pair = (0, 1)
            for a in 0..<active.count {
                let i = active[a]
                for b in (a + 1)..<max(a + 1, active.count) {
                    let d = distance[i * count + active[b]]
                    if d < best {
                        best = d
                        pair = (a, b)
                    }
                }
            }
            let i = active[pair.0], j = active[pair.1]
            merges.append((min(id[i], id[j]), max(id[i], id[j])))
            for k in active where k != i && k != j {
                let dik = distance[i * count + k], djk = distance[j * count + k]
                let merged: Double
                switch linkage {
                case .average:
                    merged = (Double(size[i]) * dik + Double(size[j]) * djk) / Double(size[i] + size[j])
                case .ward:
                    let ni = Double(size[i]), nj = Double(size[j]), nk = Double(size[k])
                    merged = ((ni + nk) * dik + (nj + nk) * djk - nk * best) / (ni + nj + nk)
                }
                distance[i * count + k] = merged
                distance[k * count + i] = merged
            }
            size[i] += size[j]
            id[i] = count + step
            active.remove(at: pair.1)
        }
        self.merges = merges
    }

    /// Cluster labels 0..<k for each item after cutting the history at `clusters` clusters (clamped to
    /// 1…count); labels are numbered in order of each cluster's first item.
    func labels(clusters: Int) -> [Int] {
        guard count > 0 else { return [] }
        let k = min(max(1, clusters), count)
        var parent = Array(0..<(2 * count))
        func root(_ node: Int) -> Int {
            var node = node
            while parent[node] != node {
                parent[node] = parent[parent[node]]
                node = parent[node]
            }
            return node
        }
        for (step, merge) in merges.prefix(count - k).enumerated() {
            let made = count + step
            parent[root(merge.0)] = made
            parent[root(merge.1)] = made
        }
        var labelOf: [Int: Int] = [:]
        return (0..<count).map { item in
            let cluster = root(item)
            if let label = labelOf[cluster] { return label }
            let label = labelOf.count
            labelOf[cluster] = label
            return label
        }
    }
}
