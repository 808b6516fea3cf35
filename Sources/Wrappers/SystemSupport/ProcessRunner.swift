import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one way Marks runs another program (pdftotext, mutool, tesseract, xclip, xdg-mime, …): with limits
/// (`ProcessLimits`: a wall-clock kill, rlimits applied before the program starts, capped output), killable by
/// cancelling the awaiting task, its pipes drained on a dedicated thread (never on the cooperative pool) and its
/// exit seen through `terminationHandler` (Foundation's `waitUntilExit` costs ~45 ms per spawn on Linux).
/// Resource limits go through `prlimit` (util-linux, always on Debian), which sets them on itself and execs the
/// program, so they hold from the program's first instruction. Every child dies with Marks: it starts under
/// `setpriv --pdeathsig KILL` (util-linux too), which asks the kernel to SIGKILL it when the thread that started it
/// ends — the one `SpawnThread`, which lives as long as the process — so a kill -9 or a crash of Marks leaves no
/// child running (issue 35).
public struct ProcessRunner: Sendable {
    /// The `prlimit` program, or nil when it is missing (then only the wall clock and output limits hold).
    public let prlimitPath: String?
    /// The `setpriv` program, or nil when it is missing (then a child outlives a Marks that is killed).
    public let setprivPath: String?

    /// A runner; `prlimitPath` and `setprivPath` default to `prlimit` and `setpriv` on the standard path.
    public init(prlimitPath: String? = ProcessRunner.find("prlimit", path: nil),
                setprivPath: String? = ProcessRunner.find("setpriv", path: nil)) {
        self.prlimitPath = prlimitPath
        self.setprivPath = setprivPath
    }

    /// The program and arguments that run `program` under the limits and the parent-death signal.
    func command(_ program: String, _ arguments: [String], limits: ProcessLimits) -> (executable: String, arguments: [String]) {
        var executable = program
        var all = arguments
        let options = limits.prlimitOptions
        if let prlimitPath, !options.isEmpty {
            all = options + ["--", executable] + all
            executable = prlimitPath
        }
        if let setprivPath {
            all = ["--pdeathsig", "KILL", "--", executable] + all
            executable = setprivPath
        }
        return (executable, all)
    }

    /// The absolute path of program `name` on `path` (a `PATH` value; nil for the standard one), or nil when it is
    /// not installed. A name with a slash is checked as it is.
    public static func find(_ name: String, path: String?) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").filter { $0.hasPrefix("/") }
        for directory in directories {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts `process` (already configured) under the process-wide spawn lock: Foundation's `Process.run()` on
    /// Linux is not safe to call from several threads at once. Everything in this process that starts a `Process`
    /// goes through here (the tests' child processes too).
    public static func launch(_ process: Process) throws {
        _ = ignoreBrokenPipes
        let box = UncheckedProcess(process: process)
        try SpawnThread.shared.run { try spawnLock.withLock { _ in try box.process.run() } }
    }

    /// A `Process` handed to the spawn thread, which is its only user while the caller waits for it to start.
    private struct UncheckedProcess: @unchecked Sendable {
        let process: Process
    }

    private static let spawnLock = Mutex(())

    /// Writing to a child that has already exited must be an error, not a SIGPIPE that ends this process.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs `program` (an absolute path) to its end within `limits`; cancelling the task kills it.
    public func run(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                    limits: ProcessLimits = ProcessLimits()) async throws -> ProcessOutcome {
        let child = try start(program, arguments, environment: environment, limits: limits)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in child.onFinish { continuation.resume(returning: $0) } }
        } onCancel: {
            child.kill(.cancelled)
        }
    }

    /// Runs `program` to its end within `limits`, blocking the calling thread (for synchronous callers that are
    /// not on the cooperative pool, such as the CLI's clipboard reader). `input` is a file read as its standard
    /// input (nil: none).
    public func runBlocking(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                            limits: ProcessLimits = ProcessLimits(), input: URL? = nil) throws -> ProcessOutcome {
        let child = try start(program, arguments, environment: environment, limits: limits, input: input)
        return Self.waitBlocking(for: child)
    }

    /// Runs `program` to its end within `limits`, blocking the calling thread, and hands its standard output to
    /// `onOutput` as it arrives instead of keeping it (`ProcessOutcome.output` stays empty; `outputBytes` still caps
    /// the total). The pipe gives back-pressure: while `onOutput` works, the child waits to write. For long outputs
    /// that must not sit in memory (espeak-ng's audio); call it from a bounded worker thread, never the cooperative
    /// pool. `isCancelled` is polled ten times a second and while output flows; once true the child is killed and
    /// the outcome says `cancelled`. When `onOutput` throws, the child is killed and that error is rethrown.
    public func stream(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                       limits: ProcessLimits = ProcessLimits(), isCancelled: @Sendable () -> Bool = { false },
                       onOutput: (UnsafeRawBufferPointer) throws -> Void) throws -> ProcessOutcome {
        let child = try start(program, arguments, environment: environment, limits: limits, drainInline: true)
        let failure = withoutActuallyEscaping(onOutput) { sink in child.drain(streamingTo: sink, isCancelled: isCancelled) }
        let outcome = Self.waitBlocking(for: child)
        if let failure { throw failure }
        return outcome
    }

    /// Blocks the calling thread until `child` ends, and gives its outcome.
    private static func waitBlocking(for child: RunningChild) -> ProcessOutcome {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<ProcessOutcome?>(nil)
        child.onFinish { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 } ?? ProcessOutcome(termination: .cancelled, output: [], errorOutput: "")
    }

    private func start(_ program: String, _ arguments: [String], environment: [String: String],
                       limits: ProcessLimits, input: URL? = nil, drainInline: Bool = false) throws -> RunningChild {
        // Started through setpriv or prlimit, a missing program would only show as their exit status: say it here.
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw ProcessRunnerError.couldNotStart(program: program, reason: "it is not an executable file")
        }
        let process = Process()
        let command = command(program, arguments, limits: limits)
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        process.environment = environment
        let child = RunningChild(process: process, limits: limits)
        var inputHandle: FileHandle?
        do {
            if let input {
                let handle = try FileHandle(forReadingFrom: input)
                inputHandle = handle
                process.standardInput = handle
            }
            try Self.launch(process)
        } catch {
            if let inputHandle { do { try inputHandle.close() } catch {} } // read-only; the child never started
            child.abandon()
            throw ProcessRunnerError.couldNotStart(program: program, reason: error.localizedDescription)
        }
        // The child has its own copy of the descriptor now.
        if let inputHandle { do { try inputHandle.close() } catch {} } // read-only: nothing to flush
        child.started(drainInline: drainInline)
        return child
    }
}

/// One started child: its pipes, read to their ends on one thread, and how it ended. Safe to share: every mutable
/// field is behind `state`'s lock, and `process` is only touched to read its pid and status once it has ended.
private final class RunningChild: @unchecked Sendable {
    private struct State {
        var reason: ProcessOutcome.Termination?
        var exit: ProcessOutcome.Termination?
        var exited = false
        var drained = false
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var outcome: ProcessOutcome?
        var waiters: [@Sendable (ProcessOutcome) -> Void] = []
    }

    private let process: Process
    private let limits: ProcessLimits
    private let out = Pipe()
    private let err = Pipe()
    private let state = Mutex(State())

    init(process: Process, limits: ProcessLimits) {
        self.process = process
        self.limits = limits
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [weak self] finished in
            let status = finished.terminationStatus
            let exit: ProcessOutcome.Termination = finished.terminationReason == .uncaughtSignal ? .signalled(status) : .exited(status)
            self?.finish { $0.exited = true; $0.exit = exit }
        }
    }

    /// The launch failed: nothing runs, the pipes are closed.
    func abandon() {
        process.terminationHandler = nil
        for handle in [out.fileHandleForReading, out.fileHandleForWriting, err.fileHandleForReading, err.fileHandleForWriting] {
            do { try handle.close() } catch {} // a pipe end already closed: nothing to do
        }
    }

    /// The child runs: drain its pipes (on a thread of their own unless the caller drains them inline with
    /// `drain(streamingTo:isCancelled:)`) and arm the wall-clock kill.
    func started(drainInline: Bool = false) {
        if !drainInline {
            let reader = Thread { [self] in _ = drain(streamingTo: nil, isCancelled: { false }) }
            reader.name = "child-output"
            reader.start()
        }
        let nanoseconds = limits.wallClock.components.seconds * 1_000_000_000 + limits.wallClock.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) { [weak self] in
            self?.kill(.timedOut)
        }
    }

    /// Calls `body` with the outcome once the child has ended and its pipes are drained (at once if it has).
    func onFinish(_ body: @escaping @Sendable (ProcessOutcome) -> Void) {
        let ready = state.withLock { state -> ProcessOutcome? in
            if let outcome = state.outcome { return outcome }
            state.waiters.append(body)
            return nil
        }
        if let ready { body(ready) }
    }

    /// Kills the child (SIGKILL) unless it has already ended; `reason` is what the outcome reports.
    func kill(_ reason: ProcessOutcome.Termination) {
        state.withLock { state in
            guard !state.exited, state.reason == nil else { return }
            state.reason = reason
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        }
    }

    private func finish(_ change: (inout State) -> Void) {
        let (waiters, outcome) = state.withLock { state -> ([@Sendable (ProcessOutcome) -> Void], ProcessOutcome?) in
            change(&state)
            guard state.exited, state.drained, state.outcome == nil, let exit = state.exit else { return ([], nil) }
            let outcome = ProcessOutcome(termination: state.reason ?? exit, output: state.output,
                                         errorOutput: String(decoding: state.errors, as: UTF8.self))
            state.outcome = outcome
            defer { state.waiters = [] }
            return (state.waiters, outcome)
        }
        if let outcome { for waiter in waiters { waiter(outcome) } }
    }

    /// Reads standard output and error until both are closed, keeping what the limits allow — or, with `sink`,
    /// handing standard output to it as it comes (then `isCancelled` is polled and kills the child). Returns what
    /// the sink threw, if it did (the child is killed then, and the pipes are still read to their ends).
    func drain(streamingTo sink: ((UnsafeRawBufferPointer) throws -> Void)?, isCancelled: () -> Bool) -> (any Error)? {
        let descriptors = [out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor]
        var open = [true, true]
        var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var streamed = 0
        var failure: (any Error)?
        while open[0] || open[1] {
            if sink != nil, failure == nil, isCancelled() { kill(.cancelled) }
            for index in 0..<2 {
                polls[index].fd = open[index] ? descriptors[index] : -1
                polls[index].revents = 0
            }
            let ready = poll(&polls, 2, sink == nil ? -1 : 100)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in 0..<2 where open[index] && polls[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    if index == 0, let sink {
                        guard failure == nil else { continue }  // killed: read to the end, hand nothing on
                        streamed += count
                        if streamed > limits.outputBytes { kill(.outputLimit); continue }
                        do {
                            try buffer.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                        } catch {
                            failure = error
                            kill(.cancelled)
                        }
                    } else {
                        keep(buffer[0..<count], isError: index == 1)
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = false
                }
            }
        }
        finish { $0.drained = true }
        return failure
    }

    private func keep(_ bytes: ArraySlice<UInt8>, isError: Bool) {
        let overflow = state.withLock { state -> Bool in
            if isError {
                let room = max(0, limits.errorBytes - state.errors.count)
                state.errors.append(contentsOf: bytes.prefix(room))
                return false
            }
            let room = max(0, limits.outputBytes - state.output.count)
            state.output.append(contentsOf: bytes.prefix(room))
            return bytes.count > room
        }
        if overflow { kill(.outputLimit) }
    }
}
