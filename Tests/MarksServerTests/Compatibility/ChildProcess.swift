import Foundation
import Synchronization

/// Runs a program to its end and collects its output without blocking the cooperative thread pool: the pipes are
/// drained on dispatch threads and the exit arrives through `terminationHandler`. A program still running after
/// `timeout` is killed, so a stuck client cannot hang the test run.
enum ChildProcess {
    struct Result: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The last non-empty line of standard output.
        var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
    }

    static func run(_ executable: URL, _ arguments: [String], environment: [String: String],
                    timeout: TimeInterval = 180) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
                group.leave()
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                group.notify(queue: .global()) {
                    continuation.resume(returning: Result(status: finished.terminationStatus, stdout: collected.text(isError: false),
                                                          stderr: collected.text(isError: true)))
                }
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                try? out.fileHandleForWriting.close() // safe: unblocks the readers of a process that never started
                try? err.fileHandleForWriting.close() // safe: as above
                continuation.resume(throwing: error)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning { process.terminate() }
            }
        }
    }

    /// Standard output and error, written by the reader threads.
    private final class Collected: Sendable {
        private let buffers = Mutex<(out: Data, err: Data)>((Data(), Data()))

        func set(_ data: Data, isError: Bool) {
            buffers.withLock { if isError { $0.err = data } else { $0.out = data } }
        }

        func text(isError: Bool) -> String {
            buffers.withLock { String(decoding: isError ? $0.err : $0.out, as: UTF8.self) }
        }
    }

    /// A program found on PATH.
    static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
