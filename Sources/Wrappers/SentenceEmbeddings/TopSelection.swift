/// The best `capacity` scores seen so far, kept sorted ascending so the weakest is first: the one top-k selection
/// (the engine's exact search and the search index's int8 rows use it). Rows must be offered in increasing index order.
public struct TopSelection {
    public let capacity: Int
    private var kept: [VectorMatch] = []

    public init(capacity: Int) {
        self.capacity = capacity
        kept.reserveCapacity(capacity)
    }

    @inline(__always)
    public mutating func offer(index: Int, score: Float) {
        if kept.count == capacity {
            // Rows arrive in increasing index order, so an equal score never displaces an earlier row.
            guard let weakest = kept.first, score > weakest.score else { return }
            kept.removeFirst()
        } else if score.isNaN {
            return
        }
        var low = 0
        var high = kept.count
        while low < high {
            let middle = (low + high) / 2
            // Among equal scores the later row sorts lower (it is weaker).
            if kept[middle].score < score || (kept[middle].score == score && kept[middle].index > index) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        kept.insert(VectorMatch(index: index, score: score), at: low)
    }

    public var bestFirst: [VectorMatch] { kept.reversed() }
}
