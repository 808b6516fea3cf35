import Foundation

/// Why a request got no usable answer, in words a person can act on. Every client maps these (and only
/// these) into its own error type, so one failure reads the same wherever it happens.
public enum HTTPClientError: Error, Equatable, Sendable {
    /// The request could not be sent as given (not http(s), a malformed URL, a bad pinned address).
    case invalidRequest(String)
    /// The host name did not resolve.
    case hostNotFound(host: String)
    /// Nothing listens there: the connection was refused.
    case connectionRefused(host: String)
    /// Connecting failed for another reason (no route, network down).
    case connectFailed(host: String, reason: String)
    /// No connection within the connect timeout.
    case connectTimedOut(host: String, seconds: Double)
    /// No complete answer within the overall deadline.
    case timedOut(seconds: Double)
    /// The server sent fewer than `bytesPerSecond` for `seconds` in a row.
    case tooSlow(bytesPerSecond: Int, seconds: Int)
    /// The answer declared a body over the cap (`Content-Length`), so it was refused unread.
    case bodyTooLarge(limit: Int)
    /// An https request reached a server that speaks plain HTTP (OpenSSL's "wrong version number").
    case notTLS(host: String)
    /// TLS failed: certificate, name, protocol.
    case tls(host: String, reason: String)
    /// The connection broke or closed before a whole answer arrived.
    case connectionLost(reason: String)
    /// The server answered, but not with HTTP that can be read.
    case badResponse(String)
    /// Anything else libcurl reported.
    case failed(String)

    /// A sentence for a person.
    public var message: String {
        switch self {
        case .invalidRequest(let detail): "The request could not be sent: \(detail)."
        case .hostNotFound(let host): "The host name \(host) could not be resolved. Check its spelling and the network."
        case .connectionRefused(let host): "\(host) refused the connection. Check the host, port and that the server is running."
        case .connectFailed(let host, let reason): "Could not connect to \(host): \(reason)."
        case .connectTimedOut(let host, let seconds): "Could not connect to \(host) within \(Self.formatSeconds(seconds)) s."
        case .timedOut(let seconds): "No answer within \(Self.formatSeconds(seconds)) s."
        case .tooSlow(let rate, let seconds): "The server sent less than \(rate) bytes/s for \(seconds) s; gave up."
        case .bodyTooLarge(let limit): "The answer is larger than the \(Self.bytes(limit)) limit; it was not read."
        case .notTLS(let host): "\(host) answered plain HTTP, not HTTPS."
        case .tls(let host, let reason): "A secure connection to \(host) failed: \(reason)."
        case .connectionLost(let reason): "The connection was lost: \(reason)."
        case .badResponse(let detail): "The server's answer is not readable HTTP: \(detail)."
        case .failed(let detail): "The request failed: \(detail)."
        }
    }

    /// A short reason without the host, for messages that name the host themselves.
    public var reason: String {
        switch self {
        case .hostNotFound: "the host name could not be resolved"
        case .connectionRefused: "the connection was refused"
        case .connectFailed(_, let reason): reason
        case .connectTimedOut(_, let seconds): "no connection within \(Self.formatSeconds(seconds)) s"
        case .notTLS: "it answered plain HTTP, not HTTPS"
        case .tls(_, let reason): reason
        default: Self.clause(message)
        }
    }

    /// A sentence as a clause: first letter lowered, final period dropped.
    private static func clause(_ sentence: String) -> String {
        var text = sentence
        if text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Seconds as `30` or `0.5`, for messages.
    public static func formatSeconds(_ seconds: Double) -> String {
        if seconds.rounded() == seconds { return String(Int(seconds)) }
        return String(format: "%.1f", seconds)
    }

    private static func bytes(_ count: Int) -> String {
        if count >= 1024 * 1024, count % (1024 * 1024) == 0 { return "\(count / (1024 * 1024)) MB" }
        if count >= 1024, count % 1024 == 0 { return "\(count / 1024) KB" }
        return "\(count)-byte"
    }
}
