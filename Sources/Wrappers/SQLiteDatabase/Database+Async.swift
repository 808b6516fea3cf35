extension Database {
    /// `read` on one of the database's reader threads: the calling task waits without holding a thread.
    public func asyncRead<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await executors.readers.run { try self.read(body) }
    }

    /// `write` on the database's writer thread: writes from async code queue there in order.
    @discardableResult
    public func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await executors.writer.run { try self.write(body) }
    }

    /// Runs a synchronous block that reads this database (a store's queries) on one of its reader threads;
    /// this is how async code calls a synchronous store.
    public func onReaderThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await executors.readers.run(body)
    }

    /// Runs a synchronous block that writes this database (a store's mutation) on its writer thread.
    @discardableResult
    public func onWriterThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await executors.writer.run(body)
    }
}
