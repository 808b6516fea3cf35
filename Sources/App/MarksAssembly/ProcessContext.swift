import Foundation

/// What the composition root takes from the process: its environment, clock and error stream. MarksCLI makes one
/// from its `CLIContext`; tests and marks-bench make one in memory.
public struct ProcessContext: Sendable {
    /// The environment (`MARKS_*`, `PATH`, API keys).
    public var environment: [String: String]
    /// The clock every part runs on.
    public var now: @Sendable () -> Date
    /// Writes one line to standard error (the default `warn`).
    public var printError: @Sendable (String) -> Void

    /// A context from its parts; by default the system clock and no error output.
    public init(environment: [String: String], now: @escaping @Sendable () -> Date = { Date() },
                printError: @escaping @Sendable (String) -> Void = { _ in }) {
        self.environment = environment
        self.now = now
        self.printError = printError
    }
}
