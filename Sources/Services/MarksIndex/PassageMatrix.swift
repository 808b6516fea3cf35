import SentenceEmbeddings
import Synchronization

/// The vectors of the indexed passages in memory, one row per passage with the document it belongs to, for exact
/// top-k search with `VectorMath`, as `VectorMatrix` holds the bookmarks'. Loaded lazily, kept in step by the
/// index's writes, reloaded when another process wrote (`generation`).
final class PassageMatrix: Sendable {
    /// The rows; only touched under the mutex.
    struct Rows: Sendable {
        var isLoaded = false
        var generation: Int64 = -1
        let dimension: Int
        var ids: [Int] = []
        var documents: [Int] = []
        var values: [Float] = []
        var position: [Int: Int] = [:]

        init(dimension: Int) { self.dimension = dimension }

        var count: Int { ids.count }

        /// Adds or replaces the row of passage `id`.
        mutating func set(id: Int, document: Int, vector: [Float]) {
            guard vector.count == dimension else { return }
            if let row = position[id] {
                values.replaceSubrange(row * dimension..<(row + 1) * dimension, with: vector)
                documents[row] = document
            } else {
                position[id] = ids.count
                ids.append(id)
                documents.append(document)
                values.append(contentsOf: vector)
            }
        }

        /// Removes passage `id`'s row (the last row moves into its place).
        mutating func remove(id: Int) {
            guard let row = position.removeValue(forKey: id) else { return }
            let last = ids.count - 1
            if row != last {
                let moved = ids[last]
                ids[row] = moved
                documents[row] = documents[last]
                for column in 0..<dimension { values[row * dimension + column] = values[last * dimension + column] }
                position[moved] = row
            }
            ids.removeLast()
            documents.removeLast()
            values.removeLast(dimension)
        }

        mutating func reset() {
            self = Rows(dimension: dimension)
        }

        /// The `count` passages most similar to `query` among those of `allowedDocuments`, best first.
        func top(_ query: [Float], count: Int, allowedDocuments: Set<Int>) throws -> [(id: Int, score: Float)] {
            guard !allowedDocuments.isEmpty else { return [] }
            return try MatrixSearch.top(query, in: values, dimension: dimension, rows: ids.count, count: count, overFetchRatio: 4) {
                allowedDocuments.contains(documents[$0])
            }.map { (ids[$0.row], $0.score) }
        }
    }

    private let rows: Mutex<Rows>

    init(dimension: Int) {
        rows = Mutex(Rows(dimension: dimension))
    }

    func withRows<T>(_ body: (inout Rows) throws -> T) rethrows -> T {
        try rows.withLock { try body(&$0) }
    }
}
