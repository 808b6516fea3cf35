import Foundation
import SystemSupport

/// Turns an error thrown while answering a request into a response. An `HTTPResponseError` keeps
/// its status, message and headers; any other error becomes a 500 with a generic message, so the
/// error's internals never reach the client.
public struct ErrorRenderer: Sendable {
    private let render: @Sendable (any Error, HTTPRequest) -> HTTPResponse

    /// A renderer from a closure.
    public init(_ render: @escaping @Sendable (any Error, HTTPRequest) -> HTTPResponse) {
        self.render = render
    }

    /// Renders `error` for `request`.
    public func response(for error: any Error, request: HTTPRequest) -> HTTPResponse {
        render(error, request)
    }

    /// JSON `{"<messageKey>": "<message>"}` (linkding uses "detail", the Marks backend "error").
    public static func json(messageKey: String = "error") -> ErrorRenderer {
        ErrorRenderer { error, _ in
            let resolved = HTTPError.resolving(error)
            let body = "{\(jsonString(messageKey)):\(jsonString(resolved.message))}"
            var response = HTTPResponse.json(data: Data(body.utf8), status: resolved.status)
            response.headers.addAll(resolved.headers)
            return response
        }
    }

    /// A small HTML page with the status and the escaped message.
    public static let html = ErrorRenderer { error, _ in
        let resolved = HTTPError.resolving(error)
        let title = HTTPReasonPhrase.of(resolved.status)
        let page = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(resolved.status) \(escapeHTML(title))</title></head>\
            <body><h1>\(resolved.status) \(escapeHTML(title))</h1><p>\(escapeHTML(resolved.message))</p></body></html>
            """
        var response = HTTPResponse.html(page, status: resolved.status)
        response.headers.addAll(resolved.headers)
        return response
    }

    /// JSON when the client asks for JSON (`Accept` names application/json but not text/html), HTML otherwise.
    public static let automatic = ErrorRenderer { error, request in
        let accept = request.headers["Accept"] ?? ""
        let wantsJSON = accept.contains("application/json") && !accept.contains("text/html")
        return (wantsJSON ? ErrorRenderer.json() : ErrorRenderer.html).response(for: error, request: request)
    }

    /// A JSON string literal for `text`.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func escapeHTML(_ text: String) -> String { MarkupEscaping.escape(text) }
}
