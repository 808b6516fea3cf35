extension Database {
    /// Runs `body` on the writer inside one IMMEDIATE transaction, as `write` does, for a bulk load of many rows:
    /// foreign keys are not checked (`body` makes every reference from rows it has just written or read in the same
    /// transaction), and the commit leaves the write-ahead log as it is (no automatic checkpoint: the caller
    /// checkpoints once, with `checkpointBesideWriter` and `checkpoint`, when its other writes are done too). Both
    /// settings are the connection's own and come back when this returns; a kill changes neither the file nor them.
    @discardableResult
    public func bulkWrite<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection { connection in
            let autocheckpoint = try connection.queryOne("PRAGMA wal_autocheckpoint").map { try $0.int(at: 0) } ?? 1_000
            // Outside the transaction: SQLite ignores `foreign_keys` inside one.
            try connection.execute("PRAGMA foreign_keys = OFF; PRAGMA wal_autocheckpoint = 0")
            defer {
                do {
                    try connection.execute("PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = \(autocheckpoint)")
                } catch {
                    // Setting a pragma outside a transaction does not fail on an open connection; should it, the
                    // next statement reports the connection's state.
                }
            }
            return try connection.transaction(.immediate) { try body(connection) }
        }
    }

    /// Copies what the write-ahead log holds into the database file from a connection of its own, opened for this
    /// and closed after it (SQLite's PASSIVE checkpoint: it waits for no one, and the writer may go on writing
    /// meanwhile). After a `bulkWrite`, while the caller's next transaction runs on the writer: the copying then
    /// takes the other core instead of the writer's time. Returns the frames copied.
    @discardableResult
    public func checkpointBesideWriter() throws -> Int {
        let connection = try Connection(path: path, options: writerOptions)
        return try connection.queryOne("PRAGMA wal_checkpoint(PASSIVE)").map { try $0.int(at: 2) } ?? 0
    }

    /// Copies the whole write-ahead log into the database file and empties it (TRUNCATE: waits for the readers
    /// still reading older pages), so readers stop looking pages up in it. On the writer.
    public func checkpoint() throws {
        _ = try writeWithoutTransaction { db in try db.query("PRAGMA wal_checkpoint(TRUNCATE)") }
    }
}
