/// Why a call to a Marks backend (`/v1/`) failed, in words a person can act on.
public enum AppAPIClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing answered at the address (refused, unresolvable, connection lost).
    case unreachable(url: String, reason: String)
    /// No answer within the timeout.
    case timeout(url: String, seconds: Int)
    /// The token was refused, still after registering again once.
    case unauthorized(String)
    /// Registration was refused (403: a registration secret is needed or wrong).
    case registrationRefused(String)
    /// 429, after the retries allowed.
    case rateLimited(retryAfter: Int?, message: String)
    /// Another 4xx: the request broke a rule; `message` is the backend's `error`.
    case rejected(status: Int, message: String)
    /// A 5xx, after the retries allowed.
    case server(status: Int, message: String)
    /// The answer is not the `/v1/` JSON (is the URL a Marks backend?).
    case malformedResponse(String)
    /// The token file could not be read or written.
    case credentials(String)

    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "The Marks backend at \(url) is not answering (\(reason)). Is `marks serve` running there? Check backend_url."
        case .timeout(let url, let seconds):
            "The Marks backend at \(url) did not answer within \(seconds) s. Try again later."
        case .unauthorized(let message):
            "The Marks backend refused this device's token: \(message)"
        case .registrationRefused(let message):
            "The Marks backend refused to register this device: \(message) Set registration_secret in config.json."
        case .rateLimited(let retryAfter, let message):
            "The Marks backend is limiting this device: \(message)\(retryAfter.map { " Try again in \($0) s." } ?? "")"
        case .rejected(let status, let message):
            "The Marks backend rejected the request (HTTP \(status)): \(message)"
        case .server(let status, let message):
            "The Marks backend failed (HTTP \(status)): \(message)"
        case .malformedResponse(let detail):
            "The answer is not from a Marks backend (\(detail)). Check backend_url."
        case .credentials(let reason):
            "The backend token file cannot be used: \(reason)"
        }
    }
}
