import Synchronization
import Testing
@testable import SystemSupport

/// Work that waits until the test lets it go, or until it is cancelled.
private final class Hold: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>], cancelled: Int)>((false, [], 0))

    func wait() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.open || Task.isCancelled { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiters = state.withLock { state in
                state.cancelled += 1
                defer { state.waiters.removeAll() }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
        try Task.checkCancellation()
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var cancellations: Int { state.withLock { $0.cancelled } }
    var waiting: Int { state.withLock { $0.waiters.count } }
}

/// Values appended from several tasks.
private final class Record<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

@Suite struct AdmissionGateTests {
    @Test func passesTheResultThrough() async throws {
        let gate = AdmissionGate(name: "AI requests", policy: .init(limit: 1, budget: .seconds(60)))
        #expect(try await gate.run { 42 } == 42)
        #expect(gate.inFlight == 0)
    }

    @Test func refusesBeyondTheLimitAndAdmitsAgainOnceASlotIsFree() async throws {
        let gate = AdmissionGate(name: "AI requests", policy: .init(limit: 2, budget: .seconds(600), retryAfterSeconds: 7))
        let hold = Hold()
        let first = Task { try await gate.run { try await hold.wait(); return 1 } }
        let second = Task { try await gate.run { try await hold.wait(); return 2 } }
        while hold.waiting < 2 { await Task.yield() }
        await #expect(throws: AdmissionError.busy(what: "AI requests", retryAfterSeconds: 7)) { try await gate.run { 3 } }
        hold.open()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        while gate.inFlight > 0 { await Task.yield() }
        #expect(try await gate.run { 4 } == 4)
    }

    @Test func answersOverBudgetAndCancelsTheWork() async throws {
        let gate = AdmissionGate(name: "collections", policy: .init(limit: 1, budget: .seconds(600)))
        let hold = Hold() // never opened: only the budget ends this call
        await #expect(throws: AdmissionError.overBudget(what: "collections", budget: .milliseconds(20))) {
            try await gate.run(budget: .milliseconds(20)) { try await hold.wait() }
        }
        while gate.inFlight > 0 { await Task.yield() }
        #expect(hold.cancellations == 1)
    }

    @Test func aCancelledCallerCancelsTheWork() async throws {
        let gate = AdmissionGate(name: "search", policy: .init(limit: 1, budget: .seconds(600)))
        let hold = Hold()
        let call = Task { try await gate.run { try await hold.wait() } }
        while hold.waiting == 0 { await Task.yield() }
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        while gate.inFlight > 0 { await Task.yield() }
        #expect(hold.cancellations == 1)
    }

    @Test func queuedCallersWaitTheirTurnInOrderAndTheRestAreRefused() async throws {
        let gate = AdmissionGate(name: "keyword searches", policy: .init(limit: 1, budget: .seconds(600), queue: 2))
        let hold = Hold()
        let order = Record<Int>()
        let first = Task { try await gate.run { try await hold.wait(); order.append(1); return 1 } }
        while hold.waiting < 1 { await Task.yield() }
        let second = Task { try await gate.run { order.append(2); return 2 } }
        while gate.waiting < 1 { await Task.yield() }
        let third = Task { try await gate.run { order.append(3); return 3 } }
        while gate.waiting < 2 { await Task.yield() }
        // One runs and two wait: a fourth is refused at once.
        await #expect(throws: AdmissionError.busy(what: "keyword searches", retryAfterSeconds: 5)) { try await gate.run { 4 } }
        #expect(gate.inFlight == 1)
        hold.open()
        #expect(try await first.value == 1)
        #expect(try await second.value == 2)
        #expect(try await third.value == 3)
        #expect(order.all == [1, 2, 3])
        while gate.inFlight > 0 { await Task.yield() }
        #expect(gate.waiting == 0)
    }

    @Test func aCancelledWaiterGivesUpItsPlaceAndNeverRuns() async throws {
        let gate = AdmissionGate(name: "keyword searches", policy: .init(limit: 1, budget: .seconds(600), queue: 4))
        let hold = Hold()
        let ran = Record<Bool>()
        let first = Task { try await gate.run { try await hold.wait(); return 1 } }
        while hold.waiting < 1 { await Task.yield() }
        let waiter = Task { try await gate.run { ran.append(true); return 2 } }
        while gate.waiting < 1 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(gate.waiting == 0)
        hold.open()
        #expect(try await first.value == 1)
        while gate.inFlight > 0 { await Task.yield() }
        #expect(ran.all.isEmpty)
        #expect(try await gate.run { 5 } == 5)
    }

    @Test func inlineCallsQueueForTheSameSlotsAndGiveThemBack() async throws {
        let gate = AdmissionGate(name: "searches", policy: .init(limit: 1, budget: .seconds(600), queue: 1))
        let hold = Hold()
        let first = Task { try await gate.run { try await hold.wait(); return 1 } }
        while hold.waiting < 1 { await Task.yield() }
        let queued = Task { try await gate.runInline { 2 } }
        while gate.waiting < 1 { await Task.yield() }
        await #expect(throws: AdmissionError.busy(what: "searches", retryAfterSeconds: 5)) { try await gate.runInline { 3 } }
        hold.open()
        #expect(try await first.value == 1)
        #expect(try await queued.value == 2)
        while gate.inFlight > 0 { await Task.yield() }
        struct Failed: Error {}
        await #expect(throws: Failed.self) { try await gate.runInline { throw Failed() } }
        #expect(gate.inFlight == 0, "a failed call gives its slot back")
    }

    @Test func rethrowsTheWorksOwnError() async {
        struct Failed: Error {}
        let gate = AdmissionGate(name: "x", policy: .init(limit: 1, budget: .seconds(60)))
        await #expect(throws: Failed.self) { try await gate.run { throw Failed() } }
    }

    @Test func messagesSayWhatToDo() {
        #expect(AdmissionError.busy(what: "AI requests", retryAfterSeconds: 5).description
            == "The server is busy with other AI requests; try again in 5 seconds.")
        #expect(AdmissionError.overBudget(what: "AI requests", budget: .seconds(30)).description.contains("30 seconds"))
    }
}
