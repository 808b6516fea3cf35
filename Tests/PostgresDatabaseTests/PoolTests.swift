import MarksTestSupport
import PostgresDatabase
import Synchronization
import Testing

private struct Boom: Error {}

/// `PostgresPool` on the real server: bounded connections shared by threads, broken ones replaced.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct PoolTests {
    @Test func manyThreadsShareAtMostSizeConnections() async throws {
        try await withTestDatabase { url in
            let pool = PostgresPool(url: url, size: 3)
            let outcomes = await onThreads(12) { _ in
                try pool.withConnection { connection in
                    try connection.queryOne("SELECT pg_backend_pid() AS pid, pg_sleep(0.05)")?.int("pid") ?? 0
                }
            }
            let pids = try outcomes.map { try $0.get() }
            #expect(pids.count == 12)
            #expect(Set(pids).count <= 3)
            let open = try pool.withConnection { connection in
                try connection.queryOne("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()")?.int("n")
            }
            #expect(open == Set(pids).count)
        }
    }

    @Test func aTransactionCommitsOrRollsBack() throws {
        try withTestDatabase { url throws in
            let pool = PostgresPool(url: url, size: 2)
            try pool.withConnection { try $0.executeScript("CREATE TABLE t (v int)") }
            try pool.transaction { try $0.execute("INSERT INTO t VALUES (1)") }
            #expect(throws: Boom.self) {
                try pool.transaction { connection in
                    try connection.execute("INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            }
            #expect(try pool.withConnection { try $0.queryOne("SELECT sum(v) AS s FROM t")?.int("s") } == 1)
        }
    }

    @Test func aConnectionTheServerClosedWhileItRestedIsReplacedBeforeUse() throws {
        try withTestDatabase { url throws in
            let pool = PostgresPool(url: url, size: 1)
            let first = try pool.withConnection { $0.backendPID }
            let killer = try PostgresConnection(url: url)
            try killer.execute("SELECT pg_terminate_backend($1::int, 10000)", [.int(Int64(first))])  // waits until it is gone
            let second = try pool.withConnection { connection in
                try connection.execute("SELECT 1")
                return connection.backendPID
            }
            #expect(second != first)
            #expect(try pool.check() >= 100_000)
        }
    }

    @Test func aConnectionThatBreaksDuringAStatementIsNotReused() throws {
        try withTestDatabase { url throws in
            let pool = PostgresPool(url: url, size: 1)
            let first = try pool.withConnection { $0.backendPID }
            let error = try #require(throws: PostgresError.self) {
                try pool.withConnection { try $0.execute("SELECT pg_terminate_backend(pg_backend_pid())") }
            }
            #expect(error.kind == .connectionLost)
            #expect(try pool.withConnection { $0.backendPID } != first)
        }
    }

    @Test func aConnectionLeftInATransactionIsNotReused() throws {
        try withTestDatabase { url throws in
            let pool = PostgresPool(url: url, size: 1)
            let first = try pool.withConnection { connection in
                try connection.executeScript("BEGIN")
                return connection.backendPID
            }
            #expect(try pool.withConnection { $0.isInTransaction } == false)
            #expect(try pool.withConnection { $0.backendPID } != first)
        }
    }

    @Test func asyncCallersRunOnThePoolsThreads() async throws {
        try await withTestDatabase { url in
            let pool = PostgresPool(url: url, size: 2)
            let value = try await pool.run { connection in try connection.queryOne("SELECT 41 + 1 AS n")?.int("n") }
            #expect(value == 42)
        }
    }

    @Test func anUnreachableServerFailsTheCheckWithAConnectionError() throws {
        let pool = PostgresPool(url: "postgres://marks@127.0.0.1:1/none", size: 1, connectTimeout: .seconds(2))
        let error = try #require(throws: PostgresError.self) { try pool.check() }
        #expect(error.kind == .connection)
    }
}

/// `PostgresListener`: a wake-up per notification burst and after every (re)connect.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct ListenerTests {
    @Test(.timeLimit(.minutes(1))) func wakesOnConnectOnNotifyAndAfterItsConnectionBroke() async throws {
        try await withTestDatabase { url in
            let wakes = WakeCounter()
            let listener = PostgresListener(channels: ["marks_test"], connect: { try PostgresConnection(url: url) },
                                            pollInterval: .milliseconds(50), retryDelay: .milliseconds(50), wake: { wakes.add() })
            defer { listener.stop() }
            await wakes.wait(for: 1)  // connected
            let sender = try PostgresConnection(url: url)
            try sender.notify(channel: "marks_test", payload: "1")
            await wakes.wait(for: 2)
            // The listener's backend is killed: it reconnects and wakes once more.
            try sender.execute("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                """)
            await wakes.wait(for: 3)
            try sender.notify(channel: "marks_test", payload: "2")
            await wakes.wait(for: 4)
        }
    }
}

/// Counts wake-ups; `wait(for:)` returns once there were at least that many.
private final class WakeCounter: Sendable {
    private let state = Mutex<(count: Int, waiters: [(Int, CheckedContinuation<Void, Never>)])>((0, []))

    func add() {
        let ready = state.withLock { state in
            state.count += 1
            let count = state.count
            let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
            state.waiters.removeAll { $0.0 <= count }
            return ready
        }
        ready.forEach { $0.resume() }
    }

    func wait(for count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
