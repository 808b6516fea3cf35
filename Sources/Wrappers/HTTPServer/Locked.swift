import Foundation

/// A value behind a lock. It uses NSLock (a pthread mutex) rather than `Synchronization.Mutex`:
/// ThreadSanitizer sees pthread locking, but not the futex inside the prebuilt `Mutex`, so every
/// Mutex-guarded access showed up as a false race under `--sanitize=thread`.
///
/// `@unchecked Sendable`: `value` is only touched while `lock` is held.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
