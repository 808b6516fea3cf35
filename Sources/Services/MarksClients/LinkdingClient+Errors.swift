import Foundation
import HTTPClient
import MarksCore
import SystemSupport

/// How answers and network failures become `BookmarkSourceError`s.
extension LinkdingClient {
    /// A network failure as a `BookmarkSourceError` (a cancelled request stays a `CancellationError`).
    static func transportFailure(_ error: any Error, host: String, timeout: TimeInterval) -> any Error {
        if let error = error as? BookmarkSourceError { return error }
        if error is CancellationError { return error }
        guard let failure = error as? HTTPClientError else {
            return BookmarkSourceError.unreachable(host: host, reason: String(describing: error))
        }
        switch failure {
        case .timedOut:
            return BookmarkSourceError.timeout(seconds: timeout)
        case .notTLS:
            return BookmarkSourceError.tlsFailure(host: host, reason: plainHTTPReason)
        case .tls(_, let reason):
            return BookmarkSourceError.tlsFailure(host: host, reason: reason)
        case .badResponse:
            return BookmarkSourceError.notLinkding("\(host) did not answer with HTTP — check the host, port and https setting")
        case .hostNotFound, .connectionRefused, .connectFailed, .connectTimedOut, .connectionLost, .tooSlow,
             .bodyTooLarge, .invalidRequest, .failed:
            return BookmarkSourceError.unreachable(host: host, reason: failure.reason)
        }
    }

    /// The `tlsFailure` reason when an https request reached a plain-HTTP server (`marks login` suggests `--no-https`).
    public static let plainHTTPReason = "it answered plain HTTP, not HTTPS"

    /// A non-2xx answer as a `BookmarkSourceError`.
    static func statusFailure(_ response: HTTPClientResponse, path: String, notFound: BookmarkSourceError) -> BookmarkSourceError {
        let status = response.status
        let data = response.body
        let json = parseJSON(response)
        switch status {
        case 300..<400:
            let location = response.header("Location") ?? "another address"
            return .server(status: status, message: "\(path) redirects to \(location). Check the https setting and the path prefix.")
        case 401, 403:
            return .unauthorized
        case 400:
            guard let json else {
                if isHTML(response) { return .notLinkding("\(path) answered 400 with an HTML page") }
                return .invalid(["detail": [snippet(data, status: status)]])
            }
            let fields = flatten(json, key: "")
            return .invalid(fields.isEmpty ? ["detail": [snippet(data, status: status)]] : fields)
        case 404:
            guard json != nil else {
                return .notLinkding("\(path) answered 404 with \(isHTML(response) ? "an HTML page" : "no JSON")")
            }
            return notFound
        default:
            return .server(status: status, message: json.flatMap(detail) ?? snippet(data, status: status))
        }
    }

    /// Decodes a 2xx answer: HTML is `notLinkding`, anything else that does not decode is `malformedResponse`.
    static func decode<T: Decodable>(_ type: T.Type, response: HTTPClientResponse) throws(BookmarkSourceError) -> T {
        let data = response.body
        if isHTML(response) { throw .notLinkding("it answered an HTML page instead of JSON") }
        if data.isEmpty { throw .malformedResponse("the answer was empty") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .malformedResponse(describe(error))
        } catch {
            throw .malformedResponse(String(describing: error))
        }
    }

    /// Decodes a 2xx page of bookmarks: `BookmarkPageReader` reads a page linkding wrote, straight from its bytes;
    /// whatever it is not sure of is decoded by `decode` as every other answer is, with its errors.
    static func decodeBookmarkPage(response: HTTPClientResponse) throws(BookmarkSourceError) -> Page<Bookmark> {
        if !isHTML(response), let page = BookmarkPageReader.page(response.body) { return page }
        return try decode(Page<Bookmark>.self, response: response)
    }

    static func isHTML(_ response: HTTPClientResponse) -> Bool {
        let data = response.body
        if let type = response.header("Content-Type")?.lowercased(),
           type.contains("text/html") || type.contains("xhtml") { return true }
        let first = data.prefix(512).first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        return first == UInt8(ascii: "<")
    }

    private static func parseJSON(_ response: HTTPClientResponse) -> Any? {
        let data = response.body
        guard !data.isEmpty, !isHTML(response) else { return nil }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            return nil  // not JSON: the caller describes the body instead
        }
    }

    /// linkding's 400 body as field → messages; nested objects and lists become dotted keys (`tag_names.2`).
    static func flatten(_ value: Any, key: String) -> [String: [String]] {
        func join(_ child: String) -> String { key.isEmpty ? child : key + "." + child }
        let own = key.isEmpty ? "detail" : key
        var out: [String: [String]] = [:]
        switch value {
        case let text as String:
            out[own, default: []].append(text)
        case let object as [String: Any]:
            for (name, child) in object {
                out.merge(flatten(child, key: join(name))) { $0 + $1 }
            }
        case let list as [Any]:
            for (index, child) in list.enumerated() {
                if let text = child as? String {
                    out[own, default: []].append(text)
                } else {
                    out.merge(flatten(child, key: join(String(index)))) { $0 + $1 }
                }
            }
        case is NSNull:
            break
        default:
            out[own, default: []].append(String(describing: value))
        }
        return out
    }

    private static func detail(_ json: Any) -> String? {
        if let object = json as? [String: Any], let detail = object["detail"] as? String { return detail }
        let fields = flatten(json, key: "")
        guard !fields.isEmpty else { return nil }
        return fields.keys.sorted().map { "\($0): \(fields[$0, default: []].joined(separator: " "))" }.joined(separator: "; ")
    }

    private static func snippet(_ data: Data, status: Int) -> String {
        let text = String(decoding: data.prefix(300), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text.hasPrefix("<") { return HTTPReasonPhrase.of(status) }
        return text
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the answer" : String(text.drop { $0 == "." })
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the answer is not JSON" }
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)) has no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return "\(path(context)) is not a \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null, expected a \(type)"
        @unknown default:
            return String(describing: error)
        }
    }
}
