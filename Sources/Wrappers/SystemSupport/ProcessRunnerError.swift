/// Why a child process could not be started.
public enum ProcessRunnerError: Error, Equatable, CustomStringConvertible {
    /// The program could not be started (not executable, no such file); the reason says why.
    case couldNotStart(program: String, reason: String)

    public var description: String {
        switch self {
        case .couldNotStart(let program, let reason): "Could not start \(program): \(reason)"
        }
    }
}
