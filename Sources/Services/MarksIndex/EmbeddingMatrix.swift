import SentenceEmbeddings
import Synchronization

/// Vectors in memory, one row per indexed item with what a search filters it by (`Info`), for exact top-k search
/// with `VectorMath` (OpenBLAS): the bookmarks' (`VectorMatrix`: their unread and archived flags) and the passages'
/// (`PassageMatrix`: the document each belongs to). Loaded lazily from `index_vectors`, then kept in step by the
/// index's own writes; `generation` says which database state it reflects, so another process's writes trigger a reload.
final class EmbeddingMatrix<Info: Sendable>: Sendable {
    /// The rows and what is known about them; only touched under the mutex.
    struct Rows: Sendable {
        /// False until loaded from the database (then every write keeps it current).
        var isLoaded = false
        /// The `index_state` generation these rows reflect.
        var generation: Int64 = -1
        let dimension: Int
        var ids: [Int] = []
        var info: [Info] = []
        var values: [Float] = []
        var position: [Int: Int] = [:]

        init(dimension: Int) { self.dimension = dimension }

        var count: Int { ids.count }

        /// Adds or replaces the row of `id`.
        mutating func set(id: Int, info rowInfo: Info, vector: [Float]) {
            guard vector.count == dimension else { return }
            if let row = position[id] {
                values.replaceSubrange(row * dimension..<(row + 1) * dimension, with: vector)
                info[row] = rowInfo
            } else {
                position[id] = ids.count
                ids.append(id)
                info.append(rowInfo)
                values.append(contentsOf: vector)
            }
        }

        /// Removes `id`'s row (the last row moves into its place).
        mutating func remove(id: Int) {
            guard let row = position.removeValue(forKey: id) else { return }
            let last = ids.count - 1
            if row != last {
                let moved = ids[last]
                ids[row] = moved
                info[row] = info[last]
                for column in 0..<dimension { values[row * dimension + column] = values[last * dimension + column] }
                position[moved] = row
            }
            ids.removeLast()
            info.removeLast()
            values.removeLast(dimension)
        }

        /// Forgets everything (the next search reloads).
        mutating func reset() {
            self = Rows(dimension: dimension)
        }

        /// The `count` rows most similar to `query` among those `allowed` lets through, best first, as ids and scores.
        /// `overFetchRatio` is how many rows are looked at for each one wanted before the filter is applied row by row.
        func top(_ query: [Float], count: Int, overFetchRatio: Int,
                 where allowed: (_ id: Int, _ info: Info) -> Bool) throws -> [(id: Int, score: Float)] {
            try MatrixSearch.top(query, in: values, dimension: dimension, rows: ids.count, count: count, overFetchRatio: overFetchRatio) {
                allowed(ids[$0], info[$0])
            }.map { (ids[$0.row], $0.score) }
        }

        /// Applies a committed write's changes when these rows reflect the state just before it (`generation - 1`);
        /// otherwise another process wrote in between and the rows are dropped, to be loaded again when next used.
        mutating func apply<Change>(_ changes: [Change], committedAs generation: Int64, _ change: (inout Rows, Change) -> Void) {
            guard isLoaded, self.generation == generation - 1 else {
                reset()
                return
            }
            for each in changes { change(&self, each) }
            if isLoaded { self.generation = generation }
        }
    }

    private let rows: Mutex<Rows>

    init(dimension: Int) {
        rows = Mutex(Rows(dimension: dimension))
    }

    /// Runs `body` with the rows, under the lock.
    func withRows<T>(_ body: (inout Rows) throws -> T) rethrows -> T {
        try rows.withLock { try body(&$0) }
    }
}
