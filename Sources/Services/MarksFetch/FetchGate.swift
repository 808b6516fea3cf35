import Synchronization

/// Bounds the fetches in flight: `enter` takes a slot or waits — suspended, not spinning — until one
/// is free, the wait's limit passes (`FetchError.busy`) or the task is cancelled.
final class FetchGate: Sendable {
    private struct State {
        var free: Int
        var queue: [Waiter] = []
        var early: [Int: Result<Void, any Error>] = [:]
        var nextID = 0
    }

    private struct Waiter {
        let id: Int
        var continuation: CheckedContinuation<Void, any Error>?
    }

    private let state: Mutex<State>

    init(slots: Int) {
        state = Mutex(State(free: max(1, slots)))
    }

    /// Takes a slot, waiting at most `limit`; pair every successful call with one `leave()`.
    func enter(waitingAtMost limit: Duration) async throws {
        let id = state.withLock { state -> Int? in
            if state.free > 0 {
                state.free -= 1
                return nil
            }
            state.nextID += 1
            state.queue.append(Waiter(id: state.nextID))
            return state.nextID
        }
        guard let id else { return }
        let timer = Task { [self] in
            do {
                try await Task.sleep(for: limit)
                settle(id, .failure(FetchError.busy))
            } catch {
                // Cancelled: the slot came first.
            }
        }
        defer { timer.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let early = state.withLock { state -> Result<Void, any Error>? in
                    if let early = state.early.removeValue(forKey: id) { return early }
                    if let index = state.queue.firstIndex(where: { $0.id == id }) { state.queue[index].continuation = continuation }
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            settle(id, .failure(CancellationError()))
        }
    }

    /// Gives a slot back: to the longest waiter, or to the pool.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard !state.queue.isEmpty else {
                state.free += 1
                return nil
            }
            let waiter = state.queue.removeFirst()
            if waiter.continuation == nil { state.early[waiter.id] = .success(()) }
            return waiter.continuation
        }
        next?.resume()
    }

    /// Ends a wait that has not been granted a slot (a granted one is left alone).
    private func settle(_ id: Int, _ result: Result<Void, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard let index = state.queue.firstIndex(where: { $0.id == id }) else { return nil }
            let waiter = state.queue.remove(at: index)
            if waiter.continuation == nil { state.early[id] = result }
            return waiter.continuation
        }
        continuation?.resume(with: result)
    }
}
