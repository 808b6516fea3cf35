import Foundation

/// Runs one long, blocking piece of work on a thread started for it, so Swift's cooperative threads (which also
/// answer `marks serve`'s requests) are not held for seconds: a bulk import's store transaction, the reading of its
/// file. For work that comes and goes many times a second, a `WorkerPool` keeps its threads instead.
public enum DedicatedThread {
    /// `work`'s result (or error) once it has run on a new thread named `name`.
    public static func run<T: Sendable>(_ name: String, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = name
            thread.start()
        }
    }
}
