import CPostgres

extension PostgresConnection {
    /// True while a transaction is open on this connection (including one a failed statement has aborted);
    /// false on a broken connection, whose server has rolled back.
    public var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws (and rethrows).
    ///
    /// `isolation` nil uses the server's default (read committed unless configured otherwise). Inside an open
    /// transaction this becomes a savepoint, so transactions nest; a nested call cannot choose an isolation level
    /// (it throws a `.misuse` error if asked to). When a statement failed and `body` caught its error and returned,
    /// the transaction is rolled back and a `.misuse` error is thrown: PostgreSQL cannot commit it.
    @discardableResult
    public func transaction<T>(_ isolation: PostgresIsolationLevel? = nil, _ body: () throws -> T) throws -> T {
        if isInTransaction {
            guard isolation == nil else {
                throw PostgresError.misuse("a transaction with an isolation level cannot be nested in an open transaction")
            }
            return try savepoint(body)
        }
        try executeScript(isolation?.beginSQL ?? "BEGIN")
        let result: T
        do {
            result = try body()
        } catch {
            rollBackQuietly("ROLLBACK")
            throw error
        }
        guard PQtransactionStatus(handle) != PQTRANS_INERROR else {
            rollBackQuietly("ROLLBACK")
            throw Self.abortedTransaction
        }
        try executeScript("COMMIT")
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to when it throws.
    ///
    /// Outside a transaction the savepoint's transaction is opened (and committed) around it.
    @discardableResult
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        guard isInTransaction else {
            return try transaction { try savepoint(body) }
        }
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "marks_savepoint_\(savepointDepth)"
        try executeScript("SAVEPOINT \(name)")
        let undo = "ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)"
        let result: T
        do {
            result = try body()
        } catch {
            rollBackQuietly(undo)
            throw error
        }
        guard PQtransactionStatus(handle) != PQTRANS_INERROR else {
            rollBackQuietly(undo)
            throw Self.abortedTransaction
        }
        try executeScript("RELEASE SAVEPOINT \(name)")
        return result
    }

    private static let abortedTransaction = PostgresError.misuse(
        "a statement in the transaction failed and its error was caught inside the transaction: "
            + "PostgreSQL cannot commit it, so it was rolled back")

    /// Undoes work after a failure. Its own failure is dropped on purpose: the caller rethrows the error that
    /// caused the rollback, and a broken connection has nothing left to undo (the server rolled back).
    private func rollBackQuietly(_ sql: String) {
        guard isInTransaction else { return }
        PQclear(PQexec(handle, sql))
    }
}
