import SentenceEmbeddings

/// Spherical k-means over unit vectors held in one flat row-major buffer (`count × dimension`): k-means++ seeds
/// drawn from a fixed-seed sequence (the same input always gives the same clusters), Lloyd rounds (at most 15) on at most
/// `sampleLimit` evenly spaced rows, then one assignment of every row. The cost is rounds × sample × k × dimension
/// multiply-adds plus count × k × dimension once: at most about 32 GFLOP for 100,000 bookmarks in 300 clusters (the
/// rounds usually settle sooner); the assignments are OpenBLAS matrix products, under a second on one core (a dot
/// product at a time took 20 CPU-seconds at 100k). Runs where its caller runs: the engine calls it on the compute workers, never on Swift's pool.
struct SphericalKMeans {
    /// The clustering of every row.
    struct Result: Equatable {
        /// Each row's cluster, 0..<k (clusters that ended empty have no rows).
        var labels: [Int]
        /// Each row's cosine with its cluster's centroid.
        var similarity: [Float]
        /// The unit centroids, row-major `k × dimension`.
        var centroids: [Float]
    }

    var sampleLimit = 12_000
    var maximumRounds = 15
    /// Rounds stop once fewer than this share of the sample changed cluster.
    var settledShare = 0.002

    /// `k` clusters of the `count` rows of `rows` (clamped to 1…count).
    func cluster(_ rows: [Float], count: Int, dimension: Int, k requested: Int) -> Result {
        guard count > 0, dimension > 0, rows.count == count * dimension else {
            return Result(labels: [], similarity: [], centroids: [])
        }
        let k = min(max(1, requested), count)
        let stride = max(1, (count + sampleLimit - 1) / sampleLimit)
        let sample = Array(Swift.stride(from: 0, to: count, by: stride))
        var centroids = seeds(rows, sample: sample, dimension: dimension, k: k)
        // The sample's rows side by side, so each round's assignment is one matrix product (`nearest`).
        var sampled = [Float]()
        sampled.reserveCapacity(sample.count * dimension)
        for row in sample { sampled.append(contentsOf: rows[row * dimension..<(row + 1) * dimension]) }
        var labels = [Int](repeating: -1, count: sample.count)
        for _ in 0..<maximumRounds {
            let best = Self.nearest(sampled, count: sample.count, centroids: centroids, k: k, dimension: dimension).cluster
            let moved = zip(best, labels).filter { $0 != $1 }.count
            labels = best
            centroids = Self.centroids(rows, members: sample, labels: labels, k: k, dimension: dimension, previous: centroids)
            if Double(moved) < settledShare * Double(sample.count) { break }
        }
        let all = Self.nearest(rows, count: count, centroids: centroids, k: k, dimension: dimension)
        return Result(labels: all.cluster, similarity: all.score, centroids: centroids)
    }

    /// Each of the `count` rows' most similar centroid and that similarity (ties: the lower cluster): OpenBLAS's matrix
    /// product (`VectorMath.nearestCentres`), or a dot product at a time when it cannot be loaded.
    static func nearest(_ rows: [Float], count: Int, centroids: [Float], k: Int, dimension: Int) -> (cluster: [Int], score: [Float]) {
        do {
            let found = try VectorMath.nearestCentres(rows: rows, count: count, centres: centroids, k: k, dimension: dimension)
            return (found.index, found.score)
        } catch {
            // Without OpenBLAS (it is a dependency, so only on a broken install) the same answer, more slowly.
            let each = (0..<count).map { nearest(rows, row: $0, centroids: centroids, k: k, dimension: dimension) }
            return (each.map(\.cluster), each.map(\.score))
        }
    }

    /// k-means++: the first seed the sample's first row, each next one drawn with probability proportional to
    /// its distance (1 − cosine) from the nearest seed so far.
    private func seeds(_ rows: [Float], sample: [Int], dimension: Int, k: Int) -> [Float] {
        var generator = SplitMix64(seed: 0x6D61_726B_735F_636C)
        var centroids = [Float](rows[sample[0] * dimension..<(sample[0] + 1) * dimension])
        var distance = sample.map { row in Double(max(0, 1 - Self.dot(rows, row * dimension, centroids, 0, dimension))) }
        for _ in 1..<k {
            let total = distance.reduce(0, +)
            var chosen = 0
            if total > 0 {
                var target = generator.nextUnit() * total
                for (position, value) in distance.enumerated() {
                    target -= value
                    if target <= 0 {
                        chosen = position
                        break
                    }
                }
            }
            let seed = sample[chosen] * dimension
            let offset = centroids.count
            centroids.append(contentsOf: rows[seed..<seed + dimension])
            for (position, row) in sample.enumerated() {
                distance[position] = min(distance[position], Double(max(0, 1 - Self.dot(rows, row * dimension, centroids, offset, dimension))))
            }
        }
        return centroids
    }

    /// The centroid most similar to `row`, and that similarity (ties: the lower cluster).
    static func nearest(_ rows: [Float], row: Int, centroids: [Float], k: Int, dimension: Int) -> (cluster: Int, score: Float) {
        var best = 0
        var bestScore = -Float.greatestFiniteMagnitude
        for cluster in 0..<k {
            let score = dot(rows, row * dimension, centroids, cluster * dimension, dimension)
            if score > bestScore {
                bestScore = score
                best = cluster
            }
        }
        return (best, bestScore)
    }

    /// The normalised mean of each cluster's members; a cluster left empty keeps its previous centroid.
    static func centroids(_ rows: [Float], members: [Int], labels: [Int], k: Int, dimension: Int, previous: [Float]) -> [Float] {
        var sums = [Float](repeating: 0, count: k * dimension)
        var sizes = [Int](repeating: 0, count: k)
        rows.withUnsafeBufferPointer { source in
            sums.withUnsafeMutableBufferPointer { target in
                for (position, row) in members.enumerated() {
                    let cluster = labels[position]
                    guard cluster >= 0 else { continue }
                    sizes[cluster] += 1
                    let from = row * dimension, to = cluster * dimension
                    for column in 0..<dimension { target[to + column] += source[from + column] }
                }
            }
        }
        for cluster in 0..<k {
            let range = cluster * dimension..<(cluster + 1) * dimension
            var norm: Float = 0
            for index in range { norm += sums[index] * sums[index] }
            norm = norm.squareRoot()
            if sizes[cluster] == 0 || !(norm > 0) || !norm.isFinite {
                for index in range { sums[index] = previous[index] }
            } else {
                for index in range { sums[index] /= norm }
            }
        }
        return sums
    }

    /// The dot product of `a[aStart..<aStart+count]` and `b[bStart..<bStart+count]`.
    @inline(__always)
    static func dot(_ a: [Float], _ aStart: Int, _ b: [Float], _ bStart: Int, _ count: Int) -> Float {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                var index = 0
                while index + 4 <= count {
                    s0 += x[aStart + index] * y[bStart + index]
                    s1 += x[aStart + index + 1] * y[bStart + index + 1]
                    s2 += x[aStart + index + 2] * y[bStart + index + 2]
                    s3 += x[aStart + index + 3] * y[bStart + index + 3]
                    index += 4
                }
                while index < count {
                    s0 += x[aStart + index] * y[bStart + index]
                    index += 1
                }
                return (s0 + s1) + (s2 + s3)
            }
        }
    }
}
