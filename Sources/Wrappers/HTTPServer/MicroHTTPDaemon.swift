import CMicroHTTPD
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Owns one running `MHD_Daemon`, its listening socket and the retained `ServerCore` its callbacks use.
///
/// `@unchecked Sendable`: the daemon pointer is only used by `stop`/`stopNow`, which run once
/// (guarded by `stopped`); libmicrohttpd's quiesce and stop calls may come from any thread.
/// The listening socket belongs to libmicrohttpd once started; `MHD_stop_daemon` closes it.
///
/// `stop` does not call `MHD_quiesce_daemon`: in 0.9.75 it races with epoll worker threads that
/// drop the listening socket from their epoll set themselves, and then aborts the process
/// ("Failed to remove listen FD from epoll set", seen under `swift test --parallel`). Instead the
/// accept-policy callback turns new connections away once stopping has begun.
final class MicroHTTPDaemon: @unchecked Sendable {
    let core: ServerCore
    let port: Int
    private let daemon: OpaquePointer
    private let stopped = Locked(false)
    /// Closes connections past their header or keep-alive deadline (`ConnectionGuard`).
    /// Made only once the daemon runs: libdispatch traps when an inactive source is released.
    private let sweeper: any DispatchSourceTimer

    init(configuration: HTTPServer.Configuration, responder: any HTTPResponder) throws(HTTPServerError) {
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        var descriptor: Int32 = -1
        var boundPort: UInt16 = 0
        let error = marks_listen(host, UInt16(configuration.port), 511, &descriptor, &boundPort)
        switch error {
        case 0: break
        case EINVAL, EADDRNOTAVAIL, EAFNOSUPPORT: throw .invalidHost(configuration.host)
        case EADDRINUSE: throw .portInUse(host: host, port: configuration.port)
        case EACCES, EPERM: throw .permissionDenied(host: host, port: configuration.port)
        default: throw .listenFailed(host: host, port: configuration.port, errno: error)
        }
        // Every connection is a descriptor: make room for the cap (plus the process's other files) when allowed.
        _ = marks_raise_open_files(UInt(configuration.maxConnections + 1024))
        let core = ServerCore(responder: responder, configuration: configuration)
        let context = Unmanaged.passRetained(core).toOpaque()
        var flags = MHD_USE_EPOLL.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if host.contains(":") { flags |= MHD_USE_IPv6.rawValue }
        let started = marks_mhd_start(
            flags, descriptor, UInt32(configuration.threadPoolSize), configuration.connectionTimeoutSeconds,
            configuration.maxHeaderSize + 16 * 1024, UInt32(configuration.maxConnections),
            MHDCallbacks.acceptPolicy, MHDCallbacks.access, MHDCallbacks.completed, MHDCallbacks.uriLog,
            MHDCallbacks.notifyConnection, context)
        guard let started else {
            close(descriptor)
            Unmanaged<ServerCore>.fromOpaque(context).release()
            throw .daemonFailed
        }
        self.daemon = started
        self.core = core
        self.port = Int(boundPort)
        let connections = core.connections
        let sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "HTTPServer.sweep"))
        self.sweeper = sweeper
        sweeper.setEventHandler { connections.sweep() }
        sweeper.schedule(deadline: .now() + connections.sweepInterval, repeating: connections.sweepInterval, leeway: .milliseconds(20))
        sweeper.activate()
    }

    deinit {
        stopNow()
    }

    /// Graceful stop; see `HTTPServer.stop()`.
    func stop(gracePeriod: Duration) async {
        guard claimStop() else { return }
        core.beginStopping()
        await core.waitUntilIdle(timeout: gracePeriod)
        core.drain()
        await core.waitUntilIdle(timeout: min(gracePeriod, .seconds(1)))
        finish()
    }

    /// Immediate stop for `deinit`: running handlers' connections get a 503 or are closed.
    func stopNow() {
        guard claimStop() else { return }
        core.beginStopping()
        core.drain()
        finish()
    }

    private func claimStop() -> Bool {
        stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
    }

    private func finish() {
        sweeper.cancel()
        MHD_stop_daemon(daemon)
        Unmanaged.passUnretained(core).release()
    }
}
