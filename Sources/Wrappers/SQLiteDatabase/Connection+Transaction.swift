import CSQLite

extension Connection {
    /// True while a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Inside an open transaction this becomes a savepoint, so transactions nest.
    @discardableResult
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        if isInTransaction {
            return try savepoint(body)
        }
        try execute(kind.beginSQL)
        let result: T
        do {
            result = try body()
            try execute("COMMIT TRANSACTION")
        } catch {
            rollBackQuietly("ROLLBACK TRANSACTION")
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to when it throws.
    ///
    /// Outside a transaction the savepoint opens one (deferred).
    @discardableResult
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "marks_savepoint_\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        let result: T
        do {
            result = try body()
            try execute("RELEASE SAVEPOINT \(name)")
        } catch {
            rollBackQuietly("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            throw error
        }
        return result
    }

    /// Undoes work after a failure. Its own failure is dropped on purpose: the caller rethrows the error
    /// that caused the rollback, and SQLite may already have rolled back by itself (then there is nothing to undo).
    func rollBackQuietly(_ sql: String) {
        guard isInTransaction else { return }
        sqlite3_exec(handle, sql, nil, nil, nil)
    }
}
