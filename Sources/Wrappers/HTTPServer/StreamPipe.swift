import CMicroHTTPD
import Foundation

/// Carries a streamed body (`HTTPStreamBody`) from its producer's task to libmicrohttpd's content-reader callback.
/// Written pieces wait in a buffer of at most `bufferLimit` bytes (the writer waits beyond it); when the callback
/// finds the buffer empty it suspends the connection (libmicrohttpd allows that from the reader callback) and the
/// next write, the end of the body or `abort` resumes it. `waitingReader` is the one token for that resume, so a
/// connection is never resumed twice. When libmicrohttpd frees the response (sent, the client gone, a timeout)
/// the producer's task is cancelled and a waiting writer is woken with `CancellationError`.
///
/// `@unchecked Sendable`: `state` is behind its lock; `connection` is only passed to libmicrohttpd's
/// suspend/resume calls, which are safe from any thread.
final class StreamPipe: @unchecked Sendable {
    private struct State {
        var chunks: [Data] = []
        /// Bytes of `chunks[0]` already sent.
        var offset = 0
        var buffered = 0
        var finished = false
        var failed = false
        /// The response is gone or the server stops: nothing more is sent.
        var closed = false
        /// The connection is suspended until there is something to send.
        var waitingReader = false
        var writers: [CheckedContinuation<Void, any Error>] = []
        var task: Task<Void, Never>?
    }

    let connection: OpaquePointer
    let bufferLimit: Int
    private let state = Locked(State())
    /// Called once when libmicrohttpd frees the response.
    private let onClose: @Sendable (StreamPipe) -> Void

    init(connection: OpaquePointer, bufferLimit: Int, onClose: @escaping @Sendable (StreamPipe) -> Void) {
        self.connection = connection
        self.bufferLimit = bufferLimit
        self.onClose = onClose
    }

    /// A libmicrohttpd response of unknown size (sent chunked) reading from a new pipe, and starts the producer on
    /// `executor`; nil when libmicrohttpd cannot make the response (then nothing was started).
    static func response(_ body: HTTPStreamBody, connection: OpaquePointer, executor: any TaskExecutor,
                         register: (StreamPipe) -> Void, onClose: @escaping @Sendable (StreamPipe) -> Void) -> OpaquePointer? {
        let pipe = StreamPipe(connection: connection, bufferLimit: body.bufferLimit, onClose: onClose)
        let context = Unmanaged.passRetained(pipe).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max, 16 * 1024, readCallback, context, freeCallback) else {
            Unmanaged<StreamPipe>.fromOpaque(context).release()
            return nil
        }
        register(pipe)
        let writer = HTTPBodyWriter { try await pipe.write($0) }
        let task = Task(executorPreference: executor) {
            do {
                try await body.produce(writer)
                pipe.end(failed: false)
            } catch {
                pipe.end(failed: true)
            }
        }
        let cancelNow = pipe.state.withLock { state -> Bool in
            state.task = task
            return state.closed
        }
        if cancelNow { task.cancel() }
        return response
    }

    // MARK: Producer side

    private func write(_ data: Data) async throws {
        while true {
            try Task.checkCancellation()
            enum Step { case written(resume: Bool), wait, gone }
            let step = state.withLock { state -> Step in
                if state.closed || state.finished { return .gone }
                if state.buffered >= bufferLimit { return .wait }
                state.chunks.append(data)
                state.buffered += data.count
                defer { state.waitingReader = false }
                return .written(resume: state.waitingReader)
            }
            switch step {
            case .gone:
                throw CancellationError()
            case .written(let resume):
                if resume { MHD_resume_connection(connection) }
                return
            case .wait:
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        let ready = state.withLock { state -> Bool in
                            if state.closed || state.buffered < bufferLimit { return true }
                            state.writers.append(continuation)
                            return false
                        }
                        if ready { continuation.resume() }
                    }
                } onCancel: {
                    self.wakeWriters()
                }
            }
        }
    }

    /// The producer is done (or failed): the reader sends the rest, then ends the body.
    private func end(failed: Bool) {
        let resume = state.withLock { state -> Bool in
            state.finished = true
            state.failed = failed
            defer { state.waitingReader = false }
            return state.waitingReader
        }
        if resume { MHD_resume_connection(connection) }
    }

    /// The server stops: cancels the producer and ends the body with an error (a suspended connection is resumed,
    /// so `MHD_stop_daemon` never meets it suspended).
    func abort() {
        let (resume, task) = state.withLock { state -> (Bool, Task<Void, Never>?) in
            state.closed = true
            state.failed = true
            defer { state.waitingReader = false }
            return (state.waitingReader, state.task)
        }
        task?.cancel()
        wakeWriters()
        if resume { MHD_resume_connection(connection) }
    }

    private func wakeWriters() {
        let writers = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            defer { state.writers.removeAll() }
            return state.writers
        }
        for writer in writers { writer.resume() }
    }

    // MARK: libmicrohttpd side

    /// Copies what is buffered into `buffer`; suspends the connection when there is nothing yet.
    private func read(into buffer: UnsafeMutableRawPointer, max: Int) -> Int {
        var wake = false
        let result = state.withLock { state -> Int in
            if state.closed { return -2 }
            if state.buffered == 0 {
                if state.finished { return state.failed ? -2 : -1 }
                state.waitingReader = true
                MHD_suspend_connection(connection)
                return 0
            }
            var written = 0
            while written < max, let first = state.chunks.first {
                let count = min(max - written, first.count - state.offset)
                first.withUnsafeBytes { source in
                    guard let base = source.baseAddress else { return }
                    (buffer + written).copyMemory(from: base + state.offset, byteCount: count)
                }
                written += count
                state.offset += count
                if state.offset == first.count {
                    state.chunks.removeFirst()
                    state.offset = 0
                }
            }
            let before = state.buffered
            state.buffered -= written
            wake = before >= bufferLimit && state.buffered < bufferLimit
            return written
        }
        if wake { wakeWriters() }
        return result
    }

    /// libmicrohttpd is done with the response: nothing more will be read.
    private func close() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.closed = true
            state.chunks.removeAll()
            state.buffered = 0
            return state.task
        }
        task?.cancel()
        wakeWriters()
        onClose(self)
    }

    private static let readCallback: MHD_ContentReaderCallback = { context, _, buffer, max in
        guard let context, let buffer else { return -2 }
        return Unmanaged<StreamPipe>.fromOpaque(context).takeUnretainedValue().read(into: UnsafeMutableRawPointer(buffer), max: max)
    }

    private static let freeCallback: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let pipe = Unmanaged<StreamPipe>.fromOpaque(context).takeRetainedValue()
        pipe.close()
    }
}
