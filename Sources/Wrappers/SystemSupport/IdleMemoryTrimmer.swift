import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Gives freed memory back to the OS when a burst of work is over: a thread looks at the process's CPU time once a
/// `period`; after a period in which the process worked (at least `busy` of CPU since the last trim) followed by one
/// in which it hardly did (under `quiet`), it calls `MallocArenas.returnFreeMemory`. A server under steady load is
/// never quiet, so it never pays for a trim while it answers; one that served a sync or ran an indexing job goes back
/// to what it holds in use within a couple of periods. Before that trim it calls `shed`, which drops caches kept only
/// for speed while work comes in (SQLite's page caches). Once a period it also asks `release` to drop what a part
/// keeps only while in use (the embedding model, after minutes unused), telling it whether that period was quiet (no
/// work running), and trims when something was dropped.
public final class IdleMemoryTrimmer: Sendable {
    /// The decision, apart from the clock and the thread, so it can be tested.
    public struct Decision: Sendable, Equatable {
        public let busy: Duration
        public let quiet: Duration
        private var sinceTrim: Duration = .zero

        public init(busy: Duration, quiet: Duration) {
            self.busy = busy
            self.quiet = quiet
        }

        /// Given the CPU time the last period used: true when memory should be trimmed now.
        public mutating func trimAfter(period used: Duration) -> Bool {
            if used >= quiet {
                sinceTrim += used
                return false
            }
            guard sinceTrim >= busy else { return false }
            sinceTrim = .zero
            return true
        }
    }

    private let period: Duration
    private let state: Mutex<(decision: Decision, stopped: Bool)>
    private let trim: @Sendable () -> Void
    private let cpuTime: @Sendable () -> Duration
    private let release: @Sendable (_ quiet: Bool) -> Bool
    private let shed: @Sendable () -> Void

    /// A trimmer looking once a `period`; `trim` and `cpuTime` are the real ones unless a test gives others.
    /// `release` drops what is kept only while in use and says whether it dropped anything (given whether the period
    /// just past was quiet); `shed` drops caches when a burst is over, just before the trim.
    public init(period: Duration = .seconds(1), busy: Duration = .milliseconds(200), quiet: Duration = .milliseconds(20),
                trim: @escaping @Sendable () -> Void = { MallocArenas.returnFreeMemory() },
                cpuTime: @escaping @Sendable () -> Duration = IdleMemoryTrimmer.processCPUTime,
                release: @escaping @Sendable (_ quiet: Bool) -> Bool = { _ in false },
                shed: @escaping @Sendable () -> Void = {}) {
        self.period = period
        self.state = Mutex((Decision(busy: busy, quiet: quiet), false))
        self.trim = trim
        self.cpuTime = cpuTime
        self.release = release
        self.shed = shed
    }

    /// Starts the looking thread (once).
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "memory-trim"
        thread.start()
    }

    /// Stops it at its next look.
    public func stop() {
        state.withLock { $0.stopped = true }
    }

    private func run() {
        var last = cpuTime()
        while true {
            Thread.sleep(forTimeInterval: period.inSeconds)
            let now = cpuTime()
            let used = now - last
            last = now
            let (stopped, due, quiet) = state.withLock { state in
                (state.stopped, state.decision.trimAfter(period: used), used < state.decision.quiet)
            }
            if stopped { return }
            let released = release(quiet)
            if due { shed() }
            if due || released { trim() }
        }
    }

    /// The CPU time every thread of this process has used so far.
    public static func processCPUTime() -> Duration {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return .zero }
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
