/// Lets one sync run at a time per library: a sync asked for while another runs waits for that one and shares
/// its outcome (its progress callback is not called, and only the caller that ran it tells the observers).
actor SyncGate {
    private var running: Task<LibrarySynchronizer.Outcome, any Error>?

    /// The outcome, and whether this caller ran the sync (false: it joined one already running).
    func run(_ body: @escaping @Sendable () async throws -> LibrarySynchronizer.Outcome) async throws
        -> (outcome: LibrarySynchronizer.Outcome, ranHere: Bool) {
        if let running { return (try await running.value, false) }
        let task = Task { try await body() }
        running = task
        defer { running = nil }
        return (try await task.value, true)
    }
}
