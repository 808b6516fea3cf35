/// What went wrong with a `/v1/` call, each case with its HTTP status and a message the caller can act on.
public enum AppAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 400: the request is malformed or breaks a limit; the message names the field.
    case invalid(String)
    /// 401: no token, or a token that is not valid now; the client registers again.
    case unauthorized(String)
    /// 403: refused on purpose (a wrong registration secret).
    case forbidden(String)
    /// 413: the body is larger than the endpoint accepts.
    case bodyTooLarge(limit: Int)
    /// 415: the body's `Content-Type` is not one the endpoint reads (a registration that is not JSON).
    case unsupportedMediaType(String)
    /// 422: well-formed, but there is nothing to work from (a page that could not be fetched, with no text).
    case unprocessable(String)
    /// 429: too many calls; try again after `retryAfter` seconds.
    case rateLimited(retryAfter: Int, what: String)
    /// 503: a part the server needs is missing or failing (the embedding model, the database).
    case unavailable(String)
    /// 507: the server keeps no more of this kind of data (the analytics store is full).
    case full(String)
    /// 500: the server's own storage failed.
    case storage(String)

    /// The HTTP status code.
    public var status: Int {
        switch self {
        case .invalid: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .bodyTooLarge: 413
        case .unsupportedMediaType: 415
        case .unprocessable: 422
        case .rateLimited: 429
        case .unavailable: 503
        case .full: 507
        case .storage: 500
        }
    }

    /// The message for `{"error": …}`.
    public var message: String {
        switch self {
        case .invalid(let message), .unauthorized(let message), .forbidden(let message), .unsupportedMediaType(let message),
             .unprocessable(let message), .unavailable(let message), .full(let message):
            message
        case .bodyTooLarge(let limit):
            "The request body is larger than \(limit) bytes, the most this endpoint accepts. Send less."
        case .rateLimited(let retryAfter, let what):
            "Too many \(what); try again in \(retryAfter) s."
        case .storage:
            "The server could not store or read its data. Try again later."
        }
    }

    public var description: String {
        switch self {
        case .storage(let detail): "HTTP 500: \(detail)"
        default: "HTTP \(status): \(message)"
        }
    }
}
