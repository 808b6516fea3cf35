/// Why a `WorkerPool` refused a closure.
public enum WorkerPoolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pool already had `limit` closures waiting.
    case queueFull(pool: String, limit: Int)
    /// The pool was shutting down.
    case shutDown(pool: String)

    public var description: String {
        switch self {
        case .queueFull(let pool, let limit): "the \(pool) workers are busy (\(limit) tasks already waiting); try again shortly"
        case .shutDown(let pool): "the \(pool) workers are shutting down"
        }
    }
}
