import Foundation
import MarksJobs
import MarksTestSupport
import PostgresDatabase
import SQLiteDatabase
import Synchronization

/// A jobs table on either backend — a fresh `marks.sqlite` in a temp dir, or a fresh PostgreSQL database of its own —
/// a hand-moved clock, and a runner over them.
struct JobFixture {
    let store: any JobRecords
    let clock: ManualClock
    let logs = Lines()
    private let reopen: @Sendable () throws -> any JobRecords
    /// The SQLite fixture's temp dir, removed when the last copy of the fixture goes.
    private let directory: RemovedOnRelease?

    /// A SQLite fixture (the runner's own tests).
    init(clock: ManualClock = ManualClock()) throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-jobs")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("marks.sqlite").path
        try self.init(store: JobStore(database: Database(path: path)), clock: clock, directory: RemovedOnRelease(directory)) {
            try JobStore(database: Database(path: path))
        }
    }

    private init(store: any JobRecords, clock: ManualClock, directory: RemovedOnRelease? = nil,
                 reopen: @escaping @Sendable () throws -> any JobRecords) {
        self.store = store
        self.directory = directory
        self.clock = clock
        self.reopen = reopen
    }

    /// Runs `body` with a fixture on `backend` (a PostgreSQL database is dropped afterwards).
    static func with<T>(_ backend: StoreBackend, clock: ManualClock = ManualClock(),
                        _ body: (JobFixture) async throws -> T) async throws -> T {
        switch backend {
        case .sqlite:
            return try await body(JobFixture(clock: clock))
        case .postgres:
            return try await withTestDatabase { url in
                let fixture = JobFixture(store: try PostgresJobStore(pool: PostgresPool(url: url, size: 4)), clock: clock) {
                    try PostgresJobStore(pool: PostgresPool(url: url, size: 4))
                }
                return try await body(fixture)
            }
        }
    }

    /// A runner over the fixture's table; `random` is the jitter source (0.5 = no spread).
    func runner(random: Double = 0.5, settings: JobRunnerSettings = JobRunnerSettings(), owner: String = "test") -> JobRunner {
        let logs = logs
        return JobRunner(store: store, clock: clock.jobClock, settings: settings, random: { random }, owner: owner,
                         log: { logs.add($0) })
    }

    /// A second handle on the same table, as another process (or another worker) would open it.
    func reopened() throws -> any JobRecords {
        try reopen()
    }
}

/// Lines collected from a log closure.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Handlers that wait until the test lets them go, counting how many are inside at once.
actor Gate {
    private var open = false
    private var inside = 0
    private(set) var entered = 0
    private(set) var mostInside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var watchers: [(Int, CheckedContinuation<Void, Never>)] = []

    /// Enters, then waits until `release()` (returns at once when already released).
    func pass() async {
        entered += 1
        inside += 1
        mostInside = max(mostInside, inside)
        let ready = watchers.filter { $0.0 <= entered }
        watchers.removeAll { $0.0 <= entered }
        ready.forEach { $0.1.resume() }
        if !open { await withCheckedContinuation { waiting.append($0) } }
        inside -= 1
    }

    func release() {
        open = true
        waiting.forEach { $0.resume() }
        waiting = []
    }

    /// Returns once `count` handlers have entered.
    func waitForEntered(_ count: Int) async {
        if entered >= count { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }
}

/// A handler failure with a fixed message.
struct HandlerFailure: Error, CustomStringConvertible {
    let description: String
}

/// A directory removed when this object is released.
final class RemovedOnRelease: Sendable {
    let url: URL
    init(_ url: URL) { self.url = url }
    deinit { try? FileManager.default.removeItem(at: url) }  // safe: a test's temp dir; nothing to report
}
