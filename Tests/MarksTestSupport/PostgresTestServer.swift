import Foundation
import PostgresDatabase
import Synchronization
import Testing

/// The PostgreSQL server the tests use: `MARKS_TEST_DATABASE_URL` (`scripts/test-postgres.sh start` prints it;
/// `make test` starts one and sets it, with `MARKS_REQUIRE_POSTGRES=1`).
public enum TestServer {
    /// The server's URL, or nil when none is configured.
    public static let url: String? = {
        let value = ProcessInfo.processInfo.environment["MARKS_TEST_DATABASE_URL"] ?? ""
        return value.isEmpty ? nil : value
    }()

    /// True when a missing server must fail the tests instead of skipping them.
    public static let isRequired = ProcessInfo.processInfo.environment["MARKS_REQUIRE_POSTGRES"] == "1"

    /// Whether the suites that need a server run: when one is configured, and also when one is required but
    /// missing, so that each of their tests fails with `Missing`'s message.
    public static let enabled = url != nil || isRequired

    /// Why the suites are skipped.
    public static let skipped: Comment = """
        PostgreSQL tests skipped: MARKS_TEST_DATABASE_URL is unset. Start a server with \
        `eval "$(scripts/test-postgres.sh start)"` (make test does this itself)
        """

    /// The failure when a server is required but not configured.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "MARKS_REQUIRE_POSTGRES=1 but MARKS_TEST_DATABASE_URL is unset: the PostgreSQL tests need a server. "
                + "Run them through `make test`, or `eval \"$(scripts/test-postgres.sh start)\"` first"
        }
    }

    /// The server URL, or `Missing` when there is none.
    public static func requireURL() throws -> String {
        guard let url else { throw Missing() }
        return url
    }

    /// `url` with its database replaced by `database`.
    public static func url(_ url: String, database: String) throws -> String {
        var components = try #require(URLComponents(string: url), "MARKS_TEST_DATABASE_URL is not a URL")
        components.path = "/" + database
        return try #require(components.string)
    }
}

/// Runs `body` with the URL of a fresh database of its own, created on the test server and dropped afterwards,
/// so tests running in parallel never see each other's tables.
public func withTestDatabase<T>(_ body: (String) throws -> T) throws -> T {
    let (server, name, url) = try createTestDatabase()
    defer { dropTestDatabase(name, server) }
    return try body(url)
}

/// Async variant of `withTestDatabase`.
public func withTestDatabase<T>(_ body: (String) async throws -> T) async throws -> T {
    let (server, name, url) = try createTestDatabase()
    defer { dropTestDatabase(name, server) }
    return try await body(url)
}

/// Runs `body` with a connection to a fresh database of its own.
public func withTestConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    try withTestDatabase { url throws in
        try body(PostgresConnection(url: url))
    }
}

private func createTestDatabase() throws -> (PostgresConnection, String, String) {
    let admin = try TestServer.requireURL()
    let name = "marks_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let server = try PostgresConnection(url: admin)
    try server.executeScript("CREATE DATABASE \(name)")
    return (server, name, try TestServer.url(admin, database: name))
}

private func dropTestDatabase(_ name: String, _ server: PostgresConnection) {
    do {
        try server.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    } catch {
        // A leftover database lives only as long as the throwaway test cluster; the test result is what matters.
    }
}

/// Runs `body` once on each of `count` threads of their own (blocking calls, as a real caller makes them) and
/// returns each thread's outcome, in thread order, without blocking the caller's thread.
public func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T) async -> [Result<T, any Error>] {
    let outcomes = Outcomes<T>()
    return await withCheckedContinuation { continuation in
        for index in 0..<count {
            let thread = Thread {
                let outcome = Result { try body(index) }
                if let all = outcomes.record(outcome, at: index, of: count) {
                    continuation.resume(returning: all)
                }
            }
            thread.start()
        }
    }
}

/// A barrier for `count` threads: `arrive()` returns once all of them have arrived.
public final class ThreadBarrier: Sendable {
    private let arrived = Mutex(0)
    private let release = DispatchSemaphore(value: 0)
    private let count: Int

    public init(count: Int) {
        self.count = count
    }

    public func arrive() {
        let everyone = arrived.withLock { arrived in
            arrived += 1
            return arrived == count
        }
        if everyone {
            for _ in 0..<count { release.signal() }
        }
        release.wait()
    }
}

private final class Outcomes<T: Sendable>: Sendable {
    private let results = Mutex<[Int: Result<T, any Error>]>([:])

    /// Records one thread's outcome; returns them all, in order, to the last thread to finish.
    func record(_ outcome: Result<T, any Error>, at index: Int, of count: Int) -> [Result<T, any Error>]? {
        results.withLock { results in
            results[index] = outcome
            guard results.count == count else { return nil }
            return (0..<count).compactMap { results[$0] }
        }
    }
}
