import Foundation
import Synchronization

/// The one test clock: a time that moves only when a test moves it (`advance`) or, with `step`, by a fixed
/// amount on every read (so successive writes get distinct, ordered dates). Code that waits (the job runner)
/// sleeps on it with `sleep(until:)`, which returns only once `advance` passes the deadline — no test sleeps.
public final class ManualClock: Sendable {
    private struct Sleeper {
        let id: UUID
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var cancelled: Set<UUID> = []
        var sleepCalls = 0
        var watchers: [(Date, CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>
    private let step: TimeInterval

    /// A clock at `start`; every read moves it on by `step` seconds (0: it stands still).
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000), step: TimeInterval = 0) {
        state = Mutex(State(now: start))
        self.step = step
    }

    /// A clock standing still at `start`.
    public convenience init(_ start: Date) {
        self.init(start: start)
    }

    /// The time now (and, with a step, the clock moves on).
    public var date: Date {
        state.withLock { state in
            defer { state.now = state.now.addingTimeInterval(step) }
            return state.now
        }
    }

    /// The clock as the `now` closure the code under test takes.
    public var now: @Sendable () -> Date { { [self] in date } }

    /// Moves the clock on by `seconds` and wakes every sleeper whose deadline has come.
    public func advance(_ seconds: TimeInterval = 1) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.addingTimeInterval(seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once the clock reaches `deadline` (at once when it has); throws `CancellationError` when the
    /// sleeping task is cancelled.
    public func sleep(until deadline: Date) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Next { case wait, now, cancel }
                let (next, watchers) = state.withLock { state -> (Next, [CheckedContinuation<Void, Never>]) in
                    state.sleepCalls += 1
                    if state.cancelled.remove(id) != nil { return (.cancel, []) }
                    if deadline <= state.now { return (.now, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let ready = state.watchers.filter { $0.0 == deadline }.map(\.1)
                    state.watchers.removeAll { $0.0 == deadline }
                    return (.wait, ready)
                }
                watchers.forEach { $0.resume() }
                switch next {
                case .wait: break
                case .now: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many times `sleep(until:)` was called (a loop that polls would call it again and again).
    public var sleepCalls: Int { state.withLock { $0.sleepCalls } }

    /// Returns once something sleeps until exactly `deadline`.
    public func waitForSleeper(until deadline: Date) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = state.withLock { state -> Bool in
                if state.sleepers.contains(where: { $0.deadline == deadline }) { return true }
                state.watchers.append((deadline, continuation))
                return false
            }
            if already { continuation.resume() }
        }
    }
}
