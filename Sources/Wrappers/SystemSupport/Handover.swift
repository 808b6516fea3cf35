import Foundation

/// Values handed from one thread to another, at most `capacity` waiting: the sender blocks while that many wait,
/// the receiver while none does. For two dedicated threads working on one stream at once (an import reads the next
/// part of its file while the store writes the last one) — never for Swift's cooperative threads, which must not
/// block.
///
/// The sender ends the stream with `finish()` (or `finish(throwing:)`, which the receiver then throws once what
/// was sent before is taken); a receiver that gives up calls `close()`, and `send` then returns false, so the
/// sender stops instead of waiting for ever.
///
/// `@unchecked Sendable`: every stored property is touched only while `condition` is locked.
public final class Handover<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var waiting: [Value] = []
    private var finished = false
    private var failure: (any Error)?
    private var closed = false

    /// A hand-over holding at most `capacity` (at least 1) values that are not yet taken.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Waits for room and hands `value` over; false (and `value` dropped) once the receiver has closed.
    @discardableResult
    public func send(_ value: Value) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity && !closed { condition.wait() }
        guard !closed else { return false }
        waiting.append(value)
        condition.broadcast()
        return true
    }

    /// Ends the stream: the receiver takes what waits, then gets nil (or `error`, thrown).
    public func finish(throwing error: (any Error)? = nil) {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        failure = error
        condition.broadcast()
    }

    /// The next value, waiting for one; nil once the stream is finished and everything is taken.
    public func receive() throws -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished { condition.wait() }
        guard waiting.isEmpty else {
            condition.broadcast()
            return waiting.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The receiver stops taking: what waits is dropped and every later `send` returns false.
    public func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        waiting.removeAll()
        condition.broadcast()
    }
}
