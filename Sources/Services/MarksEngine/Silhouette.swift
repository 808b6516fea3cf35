/// The silhouette of a clustering (Rousseeuw 1987) on cosine distance: for each item, how much closer it
/// is to its own cluster than to the nearest other one, from −1 to 1; items alone in a cluster count 0.
enum Silhouette {
    /// The mean silhouette of `labels` (0..<k) over the row-major `count × count` cosine `similarity`.
    static func mean(labels: [Int], similarity: [Float]) -> Double {
        let count = labels.count
        guard count > 1, similarity.count == count * count, let k = labels.max().map({ $0 + 1 }), k > 1 else { return 0 }
        var sizes = [Int](repeating: 0, count: k)
        for label in labels { sizes[label] += 1 }
        var total = 0.0
        var sums = [Double](repeating: 0, count: k)
        for item in 0..<count {
            for cluster in 0..<k { sums[cluster] = 0 }
            for other in 0..<count where other != item {
                sums[labels[other]] += 1 - Double(similarity[item * count + other])
            }
            let own = labels[item]
            guard sizes[own] > 1 else { continue }
            let a = sums[own] / Double(sizes[own] - 1)
            var b = Double.greatestFiniteMagnitude
            for cluster in 0..<k where cluster != own && sizes[cluster] > 0 {
                b = min(b, sums[cluster] / Double(sizes[cluster]))
            }
            let spread = max(a, b)
            if spread > 0, b < Double.greatestFiniteMagnitude { total += (b - a) / spread }
        }
        return total / Double(count)
    }
}
