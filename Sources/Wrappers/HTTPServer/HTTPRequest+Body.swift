import Foundation

extension HTTPRequest {
    /// The body parsed as `application/x-www-form-urlencoded`.
    /// Throws `HTTPError` 415 when the request declares another content type.
    public func form() throws(HTTPError) -> QueryParameters {
        if let type = headers["Content-Type"], !Self.mediaType(type, is: "application/x-www-form-urlencoded") {
            throw HTTPError(415, "Expected an application/x-www-form-urlencoded body.")
        }
        return QueryParameters(encoded: String(decoding: body, as: UTF8.self))
    }

    /// The body decoded as JSON. Throws `HTTPError` 400 with a message naming the problem
    /// (malformed JSON, a missing field, a field of the wrong type).
    public func decodeJSON<T: Decodable>(_ type: T.Type = T.self, decoder: JSONDecoder = JSONDecoder()) throws(HTTPError) -> T {
        do {
            return try decoder.decode(T.self, from: body)
        } catch let error as DecodingError {
            throw HTTPError(400, Self.describe(error))
        } catch {
            throw HTTPError(400, "JSON parse error - the body could not be read.")
        }
    }

    /// Whether a Content-Type value names `expected` (parameters such as charset ignored).
    static func mediaType(_ value: String, is expected: String) -> Bool {
        let bare = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return bare.lowercased() == expected
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "Missing field \"\(path(context.codingPath + [key]))\"."
        case .typeMismatch(_, let context):
            return "Field \"\(path(context.codingPath))\" has the wrong type."
        case .valueNotFound(_, let context):
            return "Field \"\(path(context.codingPath))\" must not be null."
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "Field \"\(path(context.codingPath))\" has an invalid value."
        case .dataCorrupted:
            return "JSON parse error - the body is not valid JSON."
        @unknown default:
            return "JSON parse error - the body could not be decoded."
        }
    }
}
