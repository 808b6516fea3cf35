import Foundation
import SystemSupport

/// A program Marks runs when it is installed (`wl-paste`, `xclip`, `xdg-mime`, `update-desktop-database`):
/// found on the `PATH` of the command's environment, run with arguments through the one `ProcessRunner`, its
/// output captured.
struct ExternalTool {
    /// What a run gave back.
    struct Result {
        let status: Int32
        let output: Data
        let errorOutput: String
    }

    let url: URL

    /// The program `name` on `PATH` (from `environment`), or nil when it is not installed.
    static func find(_ name: String, environment: [String: String]) -> ExternalTool? {
        ProcessRunner.find(name, path: environment["PATH"]).map { ExternalTool(url: URL(fileURLWithPath: $0)) }
    }

    /// Runs the program with the given environment; it is stopped after `timeout` seconds (status 124, as
    /// `timeout(1)` reports it).
    func run(_ arguments: [String], environment: [String: String], timeout: TimeInterval = 15) throws -> Result {
        let limits = ProcessLimits(wallClock: .milliseconds(Int(timeout * 1000)), errorBytes: 2000)
        let outcome: ProcessOutcome
        do {
            outcome = try ProcessRunner().runBlocking(url.path, arguments, environment: environment, limits: limits)
        } catch {
            throw CLIFailure("\(error)")
        }
        let status: Int32
        switch outcome.termination {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        case .timedOut, .outputLimit, .cancelled: status = 124
        }
        return Result(status: status, output: Data(outcome.output), errorOutput: outcome.errorOutput)
    }
}
