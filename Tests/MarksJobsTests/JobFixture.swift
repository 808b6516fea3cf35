import Foundation
import MarksJobs
import MarksTestSupport
import SQLiteDatabase
import Synchronization

/// A jobs table in a fresh `marks.sqlite` in a temp dir, a hand-moved clock, and a runner over them.
struct JobFixture {
    let directory: URL
    let database: Database
    let store: JobStore
    let clock: ManualClock
    let logs = Lines()

    init(clock: ManualClock = ManualClock()) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("marks-jobs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: directory.appendingPathComponent("marks.sqlite").path)
        store = try JobStore(database: database)
        self.clock = clock
    }

    /// A runner over the fixture's table; `random` is the jitter source (0.5 = no spread).
    func runner(random: Double = 0.5, settings: JobRunnerSettings = JobRunnerSettings()) -> JobRunner {
        let logs = logs
        return JobRunner(store: store, clock: clock.jobClock, settings: settings, random: { random }, owner: "test",
                         log: { logs.add($0) })
    }

    /// A second handle on the same file, as another process would open it.
    func reopened() throws -> JobStore {
        try JobStore(database: Database(path: database.path))
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
