import CCurl
import Foundation
import Synchronization

/// The one HTTP client every outgoing request goes through, built on libcurl. Each instance owns a
/// dedicated event thread (`CurlEventLoop`); callers await an answer without holding a thread, and
/// cancelling the awaiting task aborts the transfer. Redirects are never followed automatically.
public final class HTTPClient: Sendable {
    /// The process-wide client (libcurl, its TLS library and the event thread start on its first request).
    public static let shared = HTTPClient(name: "marks-http")

    private let name: String
    private let state = Mutex(LoopState.notStarted)

    private enum LoopState {
        case notStarted
        case running(CurlEventLoop)
        case failed(HTTPClientError)
    }

    /// A client with its own event thread (tests and benchmarks; the app uses `shared`), started on the first
    /// request: a process that never sends one never loads libcurl's TLS or runs the thread.
    public init(name: String = "marks-http") {
        self.name = name
    }

    deinit {
        if case .running(let loop) = state.withLock({ $0 }) { loop.stop() }
    }

    /// The event loop, started by the first caller (a failure to start is kept and given to every caller).
    private func startedLoop() throws(HTTPClientError) -> CurlEventLoop {
        let result = state.withLock { state -> Result<CurlEventLoop, HTTPClientError> in
            switch state {
            case .running(let loop): return .success(loop)
            case .failed(let error): return .failure(error)
            case .notStarted:
                do throws(HTTPClientError) {
                    let loop = try CurlEventLoop(name: name)
                    state = .running(loop)
                    return .success(loop)
                } catch {
                    state = .failed(error)
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// Sends `request` and returns the answer (any status), or throws an `HTTPClientError` — or a
    /// `CancellationError` when the awaiting task was cancelled.
    public func send(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        try Task.checkCancellation()
        let loop = try startedLoop()
        let transfer = try CurlTransfer(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.attach(continuation) { loop.submit(transfer) }
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }

    /// The cap on a streamed body whose request sets none.
    public static let streamCap = 16 * 1024 * 1024

    /// Sends `request` and returns as soon as the answer's headers are in, with its body as a stream of
    /// pieces (`HTTPClientStream`); throws like `send` when no headers arrive.
    public func stream(_ request: HTTPClientRequest) async throws -> HTTPClientStream {
        try Task.checkCancellation()
        let loop = try startedLoop()
        var request = request
        if request.maxBodyBytes == nil { request.maxBodyBytes = Self.streamCap }
        let (body, pieces) = AsyncThrowingStream<Data, any Error>.makeStream()
        let transfer = try CurlTransfer(request, pieces: pieces)
        pieces.onTermination = { termination in
            if case .cancelled = termination { loop.cancel(transfer) }
        }
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if transfer.attach(continuation) { loop.submit(transfer) }
            }
        } onCancel: {
            loop.cancel(transfer)
        }
        return HTTPClientStream(status: head.status, headers: head.headers, body: body)
    }

    /// `curl_global_init`, once per process (thread-safe: a lazily initialised global).
    static func initializeLibrary() {
        _ = libraryInitialized
    }

    private static let libraryInitialized: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
}
