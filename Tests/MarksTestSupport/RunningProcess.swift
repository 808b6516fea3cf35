import Foundation
import Synchronization

/// A long-running child (a `marks serve`, a driver): started through `ChildProcess.launch`, its standard
/// output read on a dispatch thread (never blocking the cooperative pool), stopped with a signal.
/// `@unchecked Sendable`: `Process` and `Pipe` are not marked Sendable, but only their thread-safe members are
/// used after launch (pid, `isRunning`, `terminationStatus`, the read ends drained by one reader thread each);
/// the collected bytes are behind locks.
public final class RunningProcess: @unchecked Sendable {
    /// How the child ended.
    public struct Ending: Sendable {
        public let status: Int32
        /// Everything it printed on standard output (including what `output(containing:)` already returned).
        public let stdout: String
        public let stderr: String
    }

    private let process: Process
    private let out = Pipe()
    private let err = Pipe()
    private let printed = Buffer()
    private let errors = Buffer()
    private let readers = DispatchGroup()
    private let ended = Gate()

    /// Starts `executable` with `arguments`; standard input is empty.
    public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        self.process = process
        process.terminationHandler = { [ended] _ in ended.open() }
        try ChildProcess.launch(process)
        for (pipe, buffer) in [(out, printed), (err, errors)] {
            readers.enter()
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async { [readers] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                }
                readers.leave()
            }
        }
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Standard output so far.
    public var stdout: String { printed.text }

    /// Waits (up to `timeout` seconds, a hang guard) until standard output contains `text` or the child ended;
    /// returns the output so far either way.
    public func output(containing text: String, timeout: TimeInterval = 60) async -> String {
        await eventually(within: .seconds(timeout)) { stdout.contains(text) || !process.isRunning }
        return stdout
    }

    /// Sends `signal` (SIGTERM by default) and waits for the child to end.
    public func stop(signal: Int32 = SIGTERM) async -> Ending {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return await wait()
    }

    /// Waits for the child to end by itself.
    public func wait() async -> Ending {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            readers.notify(queue: .global()) { continuation.resume() }
        }
        await ended.wait()  // the exit itself, through `terminationHandler`
        return Ending(status: process.terminationStatus, stdout: stdout,
                      stderr: errors.text)
    }

    private final class Buffer: Sendable {
        private let bytes = Mutex(Data())
        func append(_ chunk: Data) { bytes.withLock { $0.append(chunk) } }
        var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
