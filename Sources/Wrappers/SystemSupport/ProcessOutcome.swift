/// How a child process ended and what it printed (within its limits).
public struct ProcessOutcome: Sendable, Equatable {
    /// Why it stopped.
    public enum Termination: Sendable, Equatable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// A signal ended it (SIGXCPU for the CPU limit, SIGSEGV for a crash, SIGKILL from elsewhere).
        case signalled(Int32)
        /// It ran past the wall-clock limit and was killed.
        case timedOut
        /// It wrote more standard output than the limit and was killed.
        case outputLimit
        /// The caller's task was cancelled and it was killed.
        case cancelled
    }

    /// Why it stopped.
    public var termination: Termination
    /// Standard output (at most `ProcessLimits.outputBytes`).
    public var output: [UInt8]
    /// The start of standard error, decoded as UTF-8.
    public var errorOutput: String

    /// An outcome value.
    public init(termination: Termination, output: [UInt8], errorOutput: String) {
        self.termination = termination
        self.output = output
        self.errorOutput = errorOutput
    }

    /// It exited by itself with status 0.
    public var succeeded: Bool { termination == .exited(0) }

    /// The termination in words, with the start of standard error, for a log or a user.
    public var summary: String {
        let reason: String
        switch termination {
        case .exited(let status): reason = "exit status \(status)"
        case .signalled(let signal): reason = signal == 24 ? "CPU time limit reached" : "ended by signal \(signal)"
        case .timedOut: reason = "time limit reached"
        case .outputLimit: reason = "output limit reached"
        case .cancelled: reason = "cancelled"
        }
        let detail = errorOutput.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) } ?? ""
        return detail.isEmpty ? reason : "\(reason): \(detail)"
    }
}
