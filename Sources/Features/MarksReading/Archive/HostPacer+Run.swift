import Foundation

extension HostPacer {
    /// Visits `urls` round-robin by host (`PageArchive.interleavedByHost`), `parallel` at a time, each visit waiting
    /// for its host's turn: the one loop of the archive's and the link check's runs. No URL is handed out once the task
    /// is cancelled or `shouldStop` says so; a visit that throws `CancellationError` ends its worker quietly, any other
    /// error ends the run.
    func run(_ urls: [String], parallel: Int, shouldStop: @escaping @Sendable () async -> Bool,
             visit: @escaping @Sendable (_ url: String, _ host: String) async throws -> Void) async throws {
        let queue = URLWorkQueue(PageArchive.interleavedByHost(urls))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<min(max(1, parallel), max(1, urls.count)) {
                group.addTask { [self] in
                    while !Task.isCancelled, await !shouldStop(), let url = await queue.next() {
                        let host = URL(string: url)?.host?.lowercased() ?? ""
                        try await turn(host)
                        do {
                            try await visit(url, host)
                        } catch is CancellationError {
                            return
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
