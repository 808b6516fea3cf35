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
}
