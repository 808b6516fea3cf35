import Foundation
import Synchronization
import SystemSupport

/// The one way tests run a program: to its end, collecting standard output and error, without blocking the
/// cooperative thread pool (pipes drained on dispatch threads, the exit through `terminationHandler`). A
/// program still running after `timeout` is killed, so a stuck child cannot hang the run.
///
/// Spawns are serialised process-wide: Foundation's `Process.run()` on Linux is not safe to call from several
/// threads at once (a parallel test run crashed in it with a bad pointer), so `launch` goes through
/// `ProcessRunner.launch`, the one lock the product's own child processes use too.
public enum ChildProcess {
    /// How a program ended and what it printed.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        /// The last non-empty line of standard output.
        public var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// Runs `executable` with `arguments`; `stdin` (if any) is written to its standard input, then closed.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                           currentDirectory: URL? = nil, stdin: String? = nil, timeout: TimeInterval = 180) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
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
                try launch(process)
            } catch {
                process.terminationHandler = nil
                closeQuietly(out.fileHandleForWriting)
                closeQuietly(err.fileHandleForWriting)
                continuation.resume(throwing: error)
                return
            }
            let writer = input.fileHandleForWriting
            DispatchQueue.global().async {
                // The throwing write: a child that exits without reading its input is EPIPE here, not a crash.
                if let stdin { do { try writer.write(contentsOf: Data(stdin.utf8)) } catch {} }
                closeQuietly(writer)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning { process.terminate() }
            }
        }
    }

    /// Starts `process` (already configured) under the process-wide spawn lock. Every test that starts a
    /// `Process` itself goes through here.
    public static func launch(_ process: Process) throws {
        try ProcessRunner.launch(process)
    }

    /// A program found on PATH.
    public static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private static func closeQuietly(_ handle: FileHandle) {
        do { try handle.close() } catch {} // a pipe end already closed: nothing to do
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
}
