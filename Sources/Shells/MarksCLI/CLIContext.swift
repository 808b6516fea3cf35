import Foundation
import MarksAssembly
#if canImport(Glibc)
import Glibc
#endif

/// Everything a command may touch, injected: environment, working directory, output streams, clock.
/// Tests build one in memory; `live` is the process's own.
public struct CLIContext: Sendable {
    public var environment: [String: String]
    public var currentDirectory: String
    public var standardOutput: @Sendable (String) -> Void
    public var standardError: @Sendable (String) -> Void
    public var isTerminal: Bool
    public var now: @Sendable () -> Date

    /// A context from its parts.
    public init(
        environment: [String: String], currentDirectory: String, standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void, isTerminal: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isTerminal = isTerminal
        self.now = now
    }

    /// The running process's environment and streams.
    public static var live: CLIContext {
        CLIContext(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath,
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) },
            isTerminal: isatty(STDOUT_FILENO) == 1
        )
    }

    /// What the composition root takes from it: the environment, the clock and standard error (through the sanitiser).
    public var process: ProcessContext {
        let context = self
        return ProcessContext(environment: environment, now: now, printError: { context.printError($0) })
    }

    /// Prints a line to standard output, through the CLI's one sanitiser (`TerminalText`).
    public func print(_ line: String) { standardOutput(TerminalText.sanitized(line) + "\n") }

    /// Prints a line to standard error, through the CLI's one sanitiser (`TerminalText`).
    public func printError(_ line: String) { standardError(TerminalText.sanitized(line) + "\n") }
}
