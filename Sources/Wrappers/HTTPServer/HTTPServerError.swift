/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host is not a numeric IPv4/IPv6 address (or `localhost`) of this machine.
    case invalidHost(String)
    /// Another process already listens on the port.
    case portInUse(host: String, port: Int)
    /// The port needs privileges this process lacks (ports below 1024).
    case permissionDenied(host: String, port: Int)
    /// A setting is out of range.
    case invalidConfiguration(String)
    /// The listening socket could not be opened.
    case listenFailed(host: String, port: Int, errno: Int32)
    /// libmicrohttpd refused to start with these settings.
    case daemonFailed
    /// `start()` was called on a server that is already running.
    case alreadyRunning

    public var description: String {
        switch self {
        case .invalidHost(let host):
            "Cannot listen on \"\(host)\": use a numeric IP address of this machine such as 127.0.0.1, ::1 or 0.0.0.0."
        case .portInUse(let host, let port):
            "Port \(port) on \(host) is already in use: stop the other server or choose another port."
        case .permissionDenied(let host, let port):
            "Not allowed to listen on \(host):\(port): ports below 1024 need privileges; choose a port above 1024."
        case .invalidConfiguration(let message):
            "Invalid server configuration: \(message)"
        case .listenFailed(let host, let port, let code):
            "Cannot listen on \(host):\(port) (errno \(code))."
        case .daemonFailed:
            "The HTTP server (libmicrohttpd) refused to start with these settings."
        case .alreadyRunning:
            "The server is already running."
        }
    }
}
