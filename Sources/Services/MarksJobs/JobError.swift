/// What can go wrong with the job runner, each with a message a person can act on.
public enum JobError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The jobs table could not be read or written (a locked, full or damaged database).
    case storage(String)
    /// No job has this id (it finished and was pruned, or never existed).
    case notFound(Int64)
    /// The job is not in a state that allows this (retrying one that has not failed).
    case wrongState(id: Int64, state: JobState, expected: JobState)
    /// A payload could not be encoded or decoded as the handler expects.
    case payload(String)
    /// No handler is registered for the kind.
    case unknownKind(String)
    /// The claim no longer holds the job: its heartbeat went stale and it was queued again (and maybe claimed by
    /// another worker), or it already ended; what this worker did is not recorded.
    case leaseLost(JobClaim)

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .storage(let detail):
            return "The jobs table could not be read or written: \(detail)"
        case .notFound(let id):
            return "There is no job \(id); see `marks jobs`."
        case .wrongState(let id, let state, let expected):
            return "Job \(id) is \(state.rawValue), not \(expected.rawValue)."
        case .payload(let detail):
            return "A job's payload is not what its handler expects: \(detail)"
        case .unknownKind(let kind):
            return "No handler runs jobs of kind \(kind) in this process."
        case .leaseLost(let claim):
            return "This worker no longer holds \(claim): it was taken back after its heartbeat went stale, or it already ended; this run's result is not recorded."
        }
    }

    /// Runs `body`, turning any error other than a `JobError` into `.storage`.
    @discardableResult
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as JobError {
            throw error
        } catch {
            throw JobError.storage(String(describing: error))
        }
    }
}
