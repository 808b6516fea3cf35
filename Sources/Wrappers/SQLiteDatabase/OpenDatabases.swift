import Synchronization

/// The connections of every `Database` this process has open, held weakly, so that `Database.releaseAllCaches`
/// reaches each one without the server having to list the stores each module opens.
///
/// It holds connections, not databases: a database released while a cache release is going on still closes its
/// files at once, on its owner's thread (`Database.deinit` closes them), instead of when the release lets go of it.
enum OpenDatabases {
    private struct Entry: Sendable {
        weak var connection: ConnectionLock?
    }

    private static let entries = Mutex<[Entry]>([])

    /// Adds `connections` (and forgets the ones that have gone since).
    static func register(_ connections: [ConnectionLock]) {
        entries.withLock { list in
            list.removeAll { $0.connection == nil }
            list.append(contentsOf: connections.map { Entry(connection: $0) })
        }
    }

    /// Those still held by a database.
    static func all() -> [ConnectionLock] {
        entries.withLock { $0.compactMap(\.connection) }
    }
}
