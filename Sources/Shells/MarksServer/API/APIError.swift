import HTTPServer
import MarksCore

/// A refusal of the embedded linkding API with linkding's status, JSON body and headers: `{"detail": …}` for most,
/// field → messages for a 400 on input, `{"error": …}` where linkding words it so.
public struct APIError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public let status: Int
    /// The JSON body, in linkding's key order.
    public let body: JSONValue
    /// Extra headers (`WWW-Authenticate`, `Allow`).
    public let headers: HTTPHeaders

    /// An error with a body.
    public init(status: Int, body: JSONValue, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// `{"detail": message}`.
    public static func detail(_ status: Int, _ message: String, headers: HTTPHeaders = HTTPHeaders()) -> APIError {
        APIError(status: status, body: .object([("detail", .string(message))]), headers: headers)
    }

    /// A 400 with field errors.
    static func fields(_ errors: FieldErrors) -> APIError {
        APIError(status: 400, body: errors.jsonValue)
    }

    /// The `detail` (or the whole body) as one line, for the router's renderer and logs.
    public var message: String {
        if case .object(let fields) = body, fields.count == 1, case .string(let text) = fields[0].1 { return text }
        return body.serialized
    }

    /// The response linkding sends for this error.
    var response: HTTPResponse {
        var response = HTTPResponse.json(data: body.data, status: status)
        for field in headers { response.headers.add(field.name, field.value) }
        return response
    }

    // MARK: - linkding's words

    static func notAuthenticated() -> APIError {
        .detail(401, "Authentication credentials were not provided.", headers: ["WWW-Authenticate": "Token"])
    }

    static func authenticationFailed(_ message: String) -> APIError {
        .detail(401, message, headers: ["WWW-Authenticate": "Token"])
    }

    static func methodNotAllowed(_ method: HTTPMethod) -> APIError {
        .detail(405, "Method \"\(method.rawValue)\" not allowed.")
    }

    static func notFound(_ kind: String) -> APIError {
        .detail(404, "No \(kind) matches the given query.")
    }

    static func unsupportedMediaType(_ contentType: String) -> APIError {
        .detail(415, "Unsupported media type \"\(contentType)\" in request.")
    }

    static func parseError(_ message: String) -> APIError {
        .detail(400, message)
    }
}
