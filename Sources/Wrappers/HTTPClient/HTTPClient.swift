import CCurl
import Foundation
import Synchronization

/// The one HTTP client every outgoing request goes through, built on libcurl. Each instance owns a
/// dedicated event thread (`CurlEventLoop`); callers await an answer without holding a thread, and
/// cancelling the awaiting task aborts the transfer. Redirects are never followed automatically.
public final class HTTPClient: Sendable {
    /// The process-wide client (its thread starts on first use).
    public static let shared = HTTPClient(name: "marks-http")

    private let loop: CurlEventLoop?
    private let startFailure: HTTPClientError?

    /// A client with its own event thread (tests and benchmarks; the app uses `shared`).
    public init(name: String = "marks-http") {
        do {
            loop = try CurlEventLoop(name: name)
            startFailure = nil
        } catch {
            loop = nil
            startFailure = error
        }
    }

    deinit {
        loop?.stop()
    }

    /// Sends `request` and returns the answer (any status), or throws an `HTTPClientError` — or a
    /// `CancellationError` when the awaiting task was cancelled.
    public func send(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        guard let loop else { throw startFailure ?? HTTPClientError.failed("the HTTP client did not start") }
        try Task.checkCancellation()
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
        guard let loop else { throw startFailure ?? HTTPClientError.failed("the HTTP client did not start") }
        try Task.checkCancellation()
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
