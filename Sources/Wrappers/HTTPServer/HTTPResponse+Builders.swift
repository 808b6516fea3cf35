import Foundation

extension HTTPResponse {
    /// `value` encoded as JSON (slashes unescaped) with `Content-Type: application/json`.
    public static func json<T: Encodable>(_ value: T, status: Int = 200, encoder: JSONEncoder? = nil) throws -> HTTPResponse {
        let data: Data
        if let encoder {
            data = try encoder.encode(value)
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            data = try encoder.encode(value)
        }
        return json(data: data, status: status)
    }

    /// Already encoded JSON.
    public static func json(data: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .bytes(data))
    }

    /// An HTML page, UTF-8.
    public static func html(_ html: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(html.utf8)))
    }

    /// Plain text, UTF-8.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Data(text.utf8)))
    }

    /// A redirect to `location` (302 Found unless told otherwise).
    public static func redirect(to location: String, status: RedirectStatus = .found) -> HTTPResponse {
        HTTPResponse(status: status.rawValue, headers: ["Location": location], body: .empty)
    }

    /// 204 No Content.
    public static var noContent: HTTPResponse { HTTPResponse(status: 204) }

    /// The redirect statuses `redirect(to:status:)` accepts.
    public enum RedirectStatus: Int, Sendable {
        /// 301
        case movedPermanently = 301
        /// 302
        case found = 302
        /// 303, the answer to a form POST
        case seeOther = 303
        /// 307, keeps the method and body
        case temporaryRedirect = 307
        /// 308, keeps the method and body
        case permanentRedirect = 308
    }
}
