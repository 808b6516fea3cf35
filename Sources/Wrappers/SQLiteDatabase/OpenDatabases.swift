import Synchronization

/// The `Database`s this process has open, held weakly, so that `Database.releaseAllCaches` reaches every one without
/// the server having to list the stores each module opens.
enum OpenDatabases {
    private struct Entry: Sendable {
        weak var database: Database?
    }

    private static let entries = Mutex<[Entry]>([])

    /// Adds `database` (and forgets the ones that have closed since).
    static func register(_ database: Database) {
        entries.withLock { list in
            list.removeAll { $0.database == nil }
            list.append(Entry(database: database))
        }
    }

    /// Those still open.
    static func all() -> [Database] {
        entries.withLock { $0.compactMap(\.database) }
    }
}
