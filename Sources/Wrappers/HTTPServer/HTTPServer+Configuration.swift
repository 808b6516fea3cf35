import Foundation
import SystemSupport

extension HTTPServer {
    /// How the server listens and which limits it enforces.
    public struct Configuration: Sendable {
        /// A numeric IPv4 or IPv6 address, or `localhost` (default 127.0.0.1).
        public var host: String
        /// The TCP port; 0 picks a free one (`start()` returns it).
        public var port: Int
        /// The largest request body accepted; larger ones get 413 (default 10 MB).
        public var maxBodySize: Int
        /// A connection idle this long (no bytes either way) is dropped; whole seconds, at least 1.
        public var connectionTimeout: Duration
        /// Worker threads, each with its own epoll loop (default 2–4 by core count).
        public var threadPoolSize: Int
        /// Roughly the largest request line plus headers accepted; larger ones get 431 (default 16 KB).
        public var maxHeaderSize: Int
        /// Concurrent connections accepted (default 4096; the soft limit of open files is raised to fit).
        public var maxConnections: Int
        /// Concurrent connections from one non-loopback address (default 32). Loopback has no per-address limit:
        /// a local TLS proxy brings everyone's requests from there.
        public var maxConnectionsPerAddress: Int
        /// Connections of `maxConnections` that only loopback clients may use (default 256).
        public var loopbackReserve: Int
        /// A connection must send a request line and headers within this long of opening (or of its request
        /// line); otherwise it is closed (default 30 s, libmicrohttpd's own idle limit, so a slow but honest client on a
        /// busy machine keeps what it had before the guard).
        public var headerTimeout: Duration
        /// A keep-alive connection idle this long after a response is closed (default 15 s).
        public var keepAliveTimeout: Duration
        /// Request bodies held in memory across all requests at once, until each request completes; a body that
        /// would pass it gets 503 (default 256 MB). Bodies a responder streams do not count.
        public var maxBufferedBodyBytes: Int
        /// How long `stop()` lets in-flight requests finish before answering them 503.
        public var shutdownGracePeriod: Duration
        /// Called once per answered request, on a server thread: keep it quick.
        public var accessLog: (@Sendable (AccessLogEntry) -> Void)?
        /// Where the responder's tasks run (default: the process's request threads, not the cooperative pool,
        /// so a handler is answered however busy the rest of the process keeps that pool).
        public var executor: any TaskExecutor

        /// A configuration; the defaults suit `marks serve` on loopback.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            maxBodySize: Int = 10 * 1024 * 1024,
            connectionTimeout: Duration = .seconds(30),
            threadPoolSize: Int = Configuration.defaultThreadPoolSize,
            maxHeaderSize: Int = 16 * 1024,
            maxConnections: Int = 4096,
            shutdownGracePeriod: Duration = .seconds(10),
            accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil,
            executor: any TaskExecutor = ThreadTaskExecutor.requests
        ) {
            self.host = host
            self.port = port
            self.maxBodySize = maxBodySize
            self.connectionTimeout = connectionTimeout
            self.threadPoolSize = threadPoolSize
            self.maxHeaderSize = maxHeaderSize
            self.maxConnections = maxConnections
            self.maxConnectionsPerAddress = 32
            self.loopbackReserve = min(256, maxConnections / 4)
            self.headerTimeout = .seconds(30)
            self.keepAliveTimeout = .seconds(15)
            self.maxBufferedBodyBytes = 256 * 1024 * 1024
            self.shutdownGracePeriod = shutdownGracePeriod
            self.accessLog = accessLog
            self.executor = executor
        }

        /// Two to four workers: measured fastest on small machines (STACK_NOTES).
        public static var defaultThreadPoolSize: Int {
            min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
        }

        func validated() throws(HTTPServerError) -> Configuration {
            guard (0...65535).contains(port) else { throw .invalidConfiguration("port must be 0…65535, not \(port).") }
            guard maxBodySize >= 0 else { throw .invalidConfiguration("maxBodySize must not be negative.") }
            guard (1...256).contains(threadPoolSize) else { throw .invalidConfiguration("threadPoolSize must be 1…256.") }
            guard maxHeaderSize >= 1024 else { throw .invalidConfiguration("maxHeaderSize must be at least 1024.") }
            guard maxConnections >= 1 else { throw .invalidConfiguration("maxConnections must be at least 1.") }
            guard connectionTimeout > .zero else { throw .invalidConfiguration("connectionTimeout must be positive.") }
            guard maxConnectionsPerAddress >= 1 else { throw .invalidConfiguration("maxConnectionsPerAddress must be at least 1.") }
            guard (0..<maxConnections).contains(loopbackReserve) else {
                throw .invalidConfiguration("loopbackReserve must be 0…maxConnections-1.")
            }
            guard headerTimeout > .zero, keepAliveTimeout > .zero else {
                throw .invalidConfiguration("headerTimeout and keepAliveTimeout must be positive.")
            }
            guard maxBufferedBodyBytes >= maxBodySize || maxBufferedBodyBytes >= 1 << 20 else {
                throw .invalidConfiguration("maxBufferedBodyBytes must be at least maxBodySize or 1 MB.")
            }
            return self
        }

        /// The timeout in whole seconds, rounded up (libmicrohttpd counts seconds).
        var connectionTimeoutSeconds: UInt32 {
            let (seconds, attoseconds) = connectionTimeout.components
            let rounded = seconds + (attoseconds > 0 ? 1 : 0)
            return UInt32(clamping: max(1, rounded))
        }
    }
}
