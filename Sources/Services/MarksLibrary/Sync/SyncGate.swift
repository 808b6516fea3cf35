/// Lets one sync run at a time per library: a sync asked for while another runs waits for that one and shares
/// its outcome (its progress callback is not called).
actor SyncGate {
    private var running: Task<LibrarySynchronizer.Outcome, any Error>?

    func run(_ body: @escaping @Sendable () async throws -> LibrarySynchronizer.Outcome) async throws -> LibrarySynchronizer.Outcome {
        if let running { return try await running.value }
        let task = Task { try await body() }
        running = task
        defer { running = nil }
        return try await task.value
    }
}
