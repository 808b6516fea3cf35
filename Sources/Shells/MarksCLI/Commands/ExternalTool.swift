import Foundation
import Synchronization

/// A program Marks runs when it is installed (`wl-paste`, `xclip`, `xdg-mime`, `update-desktop-database`):
/// found on the `PATH` of the command's environment, run with arguments, its output captured.
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
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return ExternalTool(url: candidate) }
        }
        return nil
    }

    /// Runs the program with the given environment; it is stopped after `timeout` seconds.
    func run(_ arguments: [String], environment: [String: String], timeout: TimeInterval = 15) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIFailure("Could not start \(url.path): \(error.localizedDescription)")
        }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let errorData = ErrorCollector(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return Result(status: process.terminationStatus, output: output,
                      errorOutput: String(decoding: errorData.wait().prefix(2000), as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread, so a program that fills its error stream cannot block.
private final class ErrorCollector: Sendable {
    private let data = Mutex(Data())
    private let group = DispatchGroup()

    init(_ handle: FileHandle) {
        group.enter()
        DispatchQueue.global().async { [self] in
            let bytes = handle.readDataToEndOfFile()
            data.withLock { $0 = bytes }
            group.leave()
        }
    }

    func wait() -> Data {
        group.wait()
        return data.withLock { $0 }
    }
}
