import Foundation

/// What can go wrong talking to a bookmark source (a linkding server or the embedded store),
/// each with a message a user can act on. Shells map these to exit codes or HTTP answers.
public enum BookmarkSourceError: Error, Equatable, Sendable {
    /// The bookmark (or tag) does not exist.
    case notFound
    /// The source refused the input: linkding's 400 body, field → messages (list entries keyed by index).
    case invalid([String: [String]])
    /// The token was missing or wrong.
    case unauthorized
    /// The host could not be reached (DNS, refused, no route).
    case unreachable(host: String, reason: String)
    /// TLS failed (certificate, protocol).
    case tlsFailure(host: String, reason: String)
    /// The server did not answer in time.
    case timeout(seconds: Double)
    /// The server answered, but not as linkding does (HTML instead of JSON, a missing `/health`).
    case notLinkding(String)
    /// The linkding version is older than Marks supports.
    case unsupportedVersion(found: String, minimum: String)
    /// The server failed (5xx) or answered with an unexpected status.
    case server(status: Int, message: String)
    /// The answer could not be decoded.
    case malformedResponse(String)

    /// A sentence for a person.
    public var message: String {
        switch self {
        case .notFound: return "No bookmark matches the given query."
        case .invalid(let fields):
            let parts = fields.keys.sorted().map { "\($0): \(fields[$0, default: []].joined(separator: " "))" }
            return "The bookmark was refused — " + parts.joined(separator: "; ")
        case .unauthorized: return "The API token was refused. Copy it again from linkding: Settings → Integrations → REST API."
        case .unreachable(let host, let reason): return "Cannot reach \(host): \(reason). Check the host, port and that the server is running."
        case .tlsFailure(let host, let reason): return "A secure connection to \(host) failed: \(reason). Check the certificate, or turn https off for a plain-HTTP server."
        case .timeout(let seconds): return "The server did not answer within \(Int(seconds.rounded())) s."
        case .notLinkding(let detail): return "That server does not look like linkding (\(detail)). Check the host and path prefix."
        case .unsupportedVersion(let found, let minimum): return "linkding \(found) is too old; Marks needs \(minimum) or newer."
        case .server(let status, let message): return "The server answered \(status): \(message)"
        case .malformedResponse(let detail): return "The server's answer could not be read: \(detail)"
        }
    }
}
