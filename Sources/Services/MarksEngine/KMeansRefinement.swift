/// Polishes a clustering of unit vectors with spherical k-means: each item moves to the cluster whose
/// centroid it is most similar to, until nothing moves (or `maximumRounds`). Starting from a hierarchical
/// clustering makes it deterministic (no random seeds) and fixes items the greedy merges put in the wrong place.
enum KMeansRefinement {
    /// Rounds of reassignment at most.
    static let maximumRounds = 12

    /// `labels` (0..<k) refined; returned labels are renumbered in order of each cluster's first item and
    /// no cluster is emptied (an item is not moved out of a cluster it is alone in).
    static func refine(labels: [Int], vectors: [[Float]], dimension: Int) -> [Int] {
        guard let k = labels.max().map({ $0 + 1 }), k > 1, labels.count == vectors.count else { return labels }
        var current = labels
        for _ in 0..<maximumRounds {
            var sums = [[Float]](repeating: [Float](repeating: 0, count: dimension), count: k)
            var sizes = [Int](repeating: 0, count: k)
            for (item, label) in current.enumerated() {
                sizes[label] += 1
                for index in 0..<min(dimension, vectors[item].count) { sums[label][index] += vectors[item][index] }
            }
            let centroids = sums.map(Vectors.normalized)
            var moved = false
            for item in current.indices {
                let own = current[item]
                guard sizes[own] > 1 else { continue }
                var best = own
                var bestScore = Vectors.dot(vectors[item], centroids[own])
                for cluster in 0..<k where cluster != own && sizes[cluster] > 0 {
                    let score = Vectors.dot(vectors[item], centroids[cluster])
                    if score > bestScore + 1e-6 {
                        bestScore = score
                        best = cluster
                    }
                }
                if best != own {
                    sizes[own] -= 1
                    sizes[best] += 1
                    current[item] = best
                    moved = true
                }
            }
            if !moved { break }
        }
        return renumbered(current)
    }

    /// Labels renumbered 0, 1, … in order of each cluster's first item (empty clusters vanish).
    static func renumbered(_ labels: [Int]) -> [Int] {
        var map: [Int: Int] = [:]
        return labels.map { label in
            if let mapped = map[label] { return mapped }
            let mapped = map.count
            map[label] = mapped
            return mapped
        }
    }
}
