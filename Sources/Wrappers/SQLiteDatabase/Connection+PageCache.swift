import CSQLite

extension Connection {
    /// Runs `body` with SQLite's page cache for this connection raised to `megabytes`, then puts the old size back.
    /// A write that touches most pages of a large table and its indexes (a bulk import, a full sync) otherwise
    /// spills them from the default 2 MB cache to the log and reads them back over and over.
    public func withPageCache<T>(megabytes: Int, _ body: () throws -> T) throws -> T {
        let previous = try queryOne("PRAGMA cache_size").map { try $0.int(at: 0) } ?? -2_000
        try execute("PRAGMA cache_size = \(-megabytes * 1_024)")
        defer {
            do {
                try execute("PRAGMA cache_size = \(previous)")
            } catch {
                // Only the cache's size is at stake, and the connection keeps working with the larger one.
            }
        }
        return try body()
    }

    /// Frees what the connection's page cache holds and no statement is using (`sqlite3_db_release_memory`): pages kept
    /// only so that the next read need not ask the OS again. Works without SQLite's memory-management option, which
    /// Debian's build leaves out (so the process-wide `sqlite3_release_memory` would do nothing).
    func releaseMemory() {
        _ = sqlite3_db_release_memory(handle)
    }

    /// The bytes the connection's page cache holds now (`SQLITE_DBSTATUS_CACHE_USED`; 0 if SQLite will not say).
    public var pageCacheBytes: Int {
        var current: Int32 = 0
        var highest: Int32 = 0
        guard sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0) == SQLITE_OK else { return 0 }
        return Int(current)
    }
}
