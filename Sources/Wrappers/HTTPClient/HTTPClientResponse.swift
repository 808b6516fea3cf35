import Foundation

/// An HTTP answer: status, header fields and body (cut at the request's cap when `truncated`).
public struct HTTPClientResponse: Sendable {
    /// The final status (interim 1xx answers are skipped).
    public var status: Int
    /// Header fields of the final answer, in the order received.
    public var headers: [HTTPHeaderField]
    /// The body (decoded when the server compressed it).
    public var body: Data
    /// True when the body was cut at the request's `maxBodyBytes` and the rest was not read.
    public var truncated: Bool

    /// An answer value (tests build these to stand in for a server).
    public init(status: Int, headers: [HTTPHeaderField] = [], body: Data = Data(), truncated: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.truncated = truncated
    }

    /// The value of a header (the first field of that name; names compare case-insensitively).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The status's reason phrase, for messages when a body says nothing useful.
    public var reasonPhrase: String { Self.reasonPhrase(status) }

    /// A reason phrase for a status (`"Service Unavailable"` for 503), or `"HTTP <status>"` when unusual.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Payload Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 529: "Overloaded"
        default: "HTTP \(status)"
        }
    }
}
