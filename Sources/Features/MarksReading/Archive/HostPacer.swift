import Foundation

/// Politeness per host: fetches of pages on the same host start at least `interval` apart (other hosts are not
/// held up). A host whose name did not resolve got no request, so its later pages do not wait (offline, a library
/// with 500 pages on one site fails in moments, not in 500 seconds). Time and sleeping are injected, so a test
/// sees the waits without waiting.
actor HostPacer {
    private let interval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let sleep: @Sendable (Duration) async throws -> Void
    private var next: [String: ContinuousClock.Instant] = [:]
    private var unresolved: Set<String> = []

    /// A pacer; `sleep` waits (and throws when the task is cancelled).
    init(interval: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
         sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.interval = interval
        self.now = now
        self.sleep = sleep
    }

    /// Waits for `host`'s turn: the first fetch goes at once, each later one `interval` after the one before.
    func turn(_ host: String) async throws {
        guard interval > .zero, !unresolved.contains(host) else { return }
        let current = now()
        let slot = max(current, next[host] ?? current)
        next[host] = slot + interval
        let wait = slot - current
        if wait > .zero { try await sleep(wait) }
    }

    /// `host`'s name did not resolve: no request reached it, so its pages stop waiting for turns (for this run).
    func unresolvable(_ host: String) {
        unresolved.insert(host)
        next[host] = nil
    }
}
