import CMicroHTTPD
import CMicroHTTPDHeaders
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on GNU libmicrohttpd: epoll workers in an internal thread pool, each request
/// answered by the responder in a Task while its connection is suspended.
public final class HTTPServer: Sendable {
    private enum Lifecycle {
        case idle
        case running(MicroHTTPDaemon, port: Int)
        case stopped(MicroHTTPDaemon, Task<Void, Never>)
    }

    private let configuration: Configuration
    private let responder: any HTTPResponder
    private let lifecycle = Locked(Lifecycle.idle)

    /// A server that will answer every request with `responder`.
    public init(configuration: Configuration = Configuration(), responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    deinit {
        if case .running(let daemon, _) = lifecycle.withLock({ $0 }) {
            daemon.stopNow()
        }
    }

    /// Binds and starts serving; returns the bound port (useful with port 0).
    public func start() throws(HTTPServerError) -> Int {
        try lifecycle.withLock { (state: inout Lifecycle) throws(HTTPServerError) -> Int in
            if case .running = state { throw .alreadyRunning }
            let settings = try configuration.validated()
            let daemon = try MicroHTTPDaemon(configuration: settings, responder: responder)
            state = .running(daemon, port: daemon.port)
            return daemon.port
        }
    }

    /// Whether the answers libmicrohttpd builds itself (headers too large, a malformed request line, …) get
    /// `nosniff` and `default-src 'none'` like every other answer: true when its calls reach the CMicroHTTPDHeaders
    /// target, which needs libmicrohttpd linked as a shared library (it is, through pkg-config).
    public static var libmicrohttpdAnswersCarrySecurityHeaders: Bool {
        marks_mhd_error_page_headers_active() == 1
    }

    /// The bound port while running.
    public var port: Int? {
        lifecycle.withLock { state in
            if case .running(_, let port) = state { return port }
            return nil
        }
    }

    /// Stops gracefully: turns new connections away, lets in-flight requests finish (up to the
    /// grace period, then answers them 503), then stops the daemon. Concurrent calls all return
    /// once it is stopped; a call on a server that never started returns at once.
    public func stop() async {
        let gracePeriod = configuration.shutdownGracePeriod
        let stopping = lifecycle.withLock { state -> Task<Void, Never>? in
            switch state {
            case .idle:
                return nil
            case .stopped(_, let task):
                return task
            case .running(let daemon, _):
                let task = Task { await daemon.stop(gracePeriod: gracePeriod) }
                state = .stopped(daemon, task)
                return task
            }
        }
        await stopping?.value
    }

    /// Request body bytes buffered now, across requests (for tests).
    var bufferedBodyBytes: Int? {
        lifecycle.withLock { state in
            if case .running(let daemon, _) = state { return daemon.core.bufferedBodyBytes }
            return nil
        }
    }

    /// Requests whose per-request state is still allocated, for the last daemon started
    /// (tests check it returns to 0 after `stop()`).
    var liveRequestContexts: Int? {
        lifecycle.withLock { state in
            switch state {
            case .idle: nil
            case .running(let daemon, _), .stopped(let daemon, _): daemon.core.liveContexts
            }
        }
    }
}
