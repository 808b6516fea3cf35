import Synchronization

/// Vectors in memory, one row per indexed item with what a search filters it by (`Info`), in their compact form
/// (`QuantizedVector`: a byte per component and a scale per row, never a Float32 copy of the rows), for exact top-k
/// search over those rows (`MatrixSearch`): the bookmarks' (`VectorMatrix`: their unread and archived flags) and the
/// passages' (`PassageMatrix`: the document each belongs to). Loaded lazily from `index_vectors`, then kept in step
/// by the index's own writes; `generation` says which database state it reflects, so another process's writes
/// trigger a reload.
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
        /// The rows' codes, row-major (`dimension` a row).
        var codes: [Int8] = []
        /// Each row's scale.
        var scales: [Float] = []
        var position: [Int: Int] = [:]

        init(dimension: Int) { self.dimension = dimension }

        var count: Int { ids.count }

        /// Adds or replaces the row of `id`.
        mutating func set(id: Int, info rowInfo: Info, vector: QuantizedVector) {
            guard vector.codes.count == dimension else { return }
            if let row = position[id] {
                codes.replaceSubrange(row * dimension..<(row + 1) * dimension, with: vector.codes)
                scales[row] = vector.scale
                info[row] = rowInfo
            } else {
                position[id] = ids.count
                ids.append(id)
                info.append(rowInfo)
                codes.append(contentsOf: vector.codes)
                scales.append(vector.scale)
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
                for column in 0..<dimension { codes[row * dimension + column] = codes[last * dimension + column] }
                scales[row] = scales[last]
                position[moved] = row
            }
            ids.removeLast()
            info.removeLast()
            codes.removeLast(dimension)
            scales.removeLast()
        }

        /// Forgets everything (the next search reloads).
        mutating func reset() {
            self = Rows(dimension: dimension)
        }

        /// The `count` rows most similar to `query` among those `allowed` lets through, best first, as ids and
        /// scores; a nil `allowed` lets every row through.
        func top(_ query: [Float], count: Int, where allowed: ((_ id: Int, _ info: Info) -> Bool)?) -> [(id: Int, score: Float)] {
            let passes = allowed.map { allowed in { (row: Int) in allowed(ids[row], info[row]) } }
            return MatrixSearch.top(query, codes: codes, scales: scales, dimension: dimension, count: count, allowed: passes)
                .map { (ids[$0.row], $0.score) }
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
