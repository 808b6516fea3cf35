import Foundation
import Synchronization

/// Runs an action when its deadline passes, for many deadlines at once, from one thread that exists only while a
/// deadline is watched: it sleeps until the earliest one (at most `tick`), runs the actions whose time has come, and
/// ends when none is left. A deadline forgotten before it passes costs nothing more.
final class Watchdog: Sendable {
    /// A watched deadline, to forget it.
    struct Deadline: Sendable {
        fileprivate let id: UInt64
    }

    private struct State {
        var actions: [UInt64: (at: ContinuousClock.Instant, run: @Sendable () -> Void)] = [:]
        var nextID: UInt64 = 0
        var threadRunning = false
    }

    /// The longest the thread sleeps between looks (a new, earlier deadline waits at most this long to be seen).
    private let tick: Duration
    private let state = Mutex(State())

    init(tick: Duration = .milliseconds(50)) {
        self.tick = tick
    }

    /// Runs `action` once `instant` has passed, unless the deadline is forgotten first.
    func watch(until instant: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Deadline {
        let (id, start) = state.withLock { state -> (UInt64, Bool) in
            state.nextID &+= 1
            state.actions[state.nextID] = (instant, action)
            defer { state.threadRunning = true }
            return (state.nextID, !state.threadRunning)
        }
        if start {
            let thread = Thread { [self] in loop() }
            thread.name = "admission-watchdog"
            thread.start()
        }
        return Deadline(id: id)
    }

    /// Stops watching `deadline` (its action will not run).
    func forget(_ deadline: Deadline) {
        state.withLock { _ = $0.actions.removeValue(forKey: deadline.id) }
    }

    private func loop() {
        while true {
            let now = ContinuousClock.now
            let (due, next) = state.withLock { state -> ([@Sendable () -> Void], ContinuousClock.Instant?) in
                let expired = state.actions.filter { $0.value.at <= now }
                for id in expired.keys { state.actions[id] = nil }
                if state.actions.isEmpty { state.threadRunning = false }
                return (expired.values.map(\.run), state.actions.values.map(\.at).min())
            }
            for action in due { action() }
            guard let next else { return }
            let wait = min(tick, max(.milliseconds(1), next - now))
            Thread.sleep(forTimeInterval: wait.inSeconds)
        }
    }
}
