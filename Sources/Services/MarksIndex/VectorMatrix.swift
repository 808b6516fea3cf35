import SentenceEmbeddings
import Synchronization

/// The vectors of the indexed bookmarks in memory, one row per bookmark, for exact top-k search with
/// `VectorMath` (OpenBLAS). Loaded lazily from `index_vectors`, then kept in step by the index's own writes;
/// `generation` says which database state it reflects, so another process's writes trigger a reload.
final class VectorMatrix: Sendable {
    /// The rows and what is known about them; only touched under the mutex.
    struct Rows: Sendable {
        /// False until loaded from the database (then every write keeps it current).
        var isLoaded = false
        /// The `index_state` generation these rows reflect.
        var generation: Int64 = -1
        let dimension: Int
        var ids: [Int] = []
        var unread: [Bool] = []
        var archived: [Bool] = []
        var values: [Float] = []
        var position: [Int: Int] = [:]

        init(dimension: Int) { self.dimension = dimension }

        var count: Int { ids.count }

        /// Adds or replaces the row of `id`.
        mutating func set(id: Int, vector: [Float], unread isUnread: Bool, archived isArchived: Bool) {
            guard vector.count == dimension else { return }
            if let row = position[id] {
                values.replaceSubrange(row * dimension..<(row + 1) * dimension, with: vector)
                unread[row] = isUnread
                archived[row] = isArchived
            } else {
                position[id] = ids.count
                ids.append(id)
                unread.append(isUnread)
                archived.append(isArchived)
                values.append(contentsOf: vector)
            }
        }

        /// Updates the flags of `id`'s row, if it has one.
        mutating func setFlags(id: Int, unread isUnread: Bool, archived isArchived: Bool) {
            guard let row = position[id] else { return }
            unread[row] = isUnread
            archived[row] = isArchived
        }

        /// Removes `id`'s row (the last row moves into its place).
        mutating func remove(id: Int) {
            guard let row = position.removeValue(forKey: id) else { return }
            let last = ids.count - 1
            if row != last {
                let moved = ids[last]
                ids[row] = moved
                unread[row] = unread[last]
                archived[row] = archived[last]
                for column in 0..<dimension { values[row * dimension + column] = values[last * dimension + column] }
                position[moved] = row
            }
            ids.removeLast()
            unread.removeLast()
            archived.removeLast()
            values.removeLast(dimension)
        }

        /// Forgets everything (the next search reloads).
        mutating func reset() {
            self = Rows(dimension: dimension)
        }

        /// The `count` rows most similar to `query` among those the filter allows, best first.
        func top(_ query: [Float], count: Int, archivedScope: Bool, unreadOnly: Bool, allowedIDs: Set<Int>?,
                 sources: SearchFilter.SourceScope = .excluded) throws -> [(id: Int, score: Float)] {
            try MatrixSearch.top(query, in: values, dimension: dimension, rows: ids.count, count: count, overFetchRatio: 10) { row in
                archived[row] == archivedScope && (!unreadOnly || unread[row]) && (allowedIDs?.contains(ids[row]) ?? true)
                    && sources.allows(ids[row])
            }.map { (ids[$0.row], $0.score) }
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
