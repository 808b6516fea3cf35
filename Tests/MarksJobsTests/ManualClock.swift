import Foundation
import MarksJobs
import Synchronization

/// A clock the test moves by hand: `sleep` returns only once `advance` passes its deadline (or throws when its
/// task is cancelled), so no test sleeps or depends on timing.
final class ManualClock: Sendable {
    private struct Sleeper {
        let id: UUID
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var cancelled: Set<UUID> = []
        var calls = 0
        var watchers: [(Date, CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex(State(now: start))
    }

    var now: Date { state.withLock { $0.now } }

    /// Moves time on and wakes every sleeper whose deadline has come.
    func advance(_ seconds: TimeInterval) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.addingTimeInterval(seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    func sleep(until deadline: Date) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Next { case wait, now, cancel }
                let (next, watchers) = state.withLock { state -> (Next, [CheckedContinuation<Void, Never>]) in
                    state.calls += 1
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

    /// How many times `sleep` was called.
    var sleepCalls: Int { state.withLock { $0.calls } }

    /// Returns once something sleeps until exactly `deadline`.
    func waitForSleeper(until deadline: Date) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let already = state.withLock { state -> Bool in
                if state.sleepers.contains(where: { $0.deadline == deadline }) { return true }
                state.watchers.append((deadline, continuation))
                return false
            }
            if already { continuation.resume() }
        }
    }

    /// The clock as the runner takes it.
    var jobClock: JobClock {
        JobClock(now: { [self] in now }, sleep: { [self] deadline in try await sleep(until: deadline) })
    }
}
