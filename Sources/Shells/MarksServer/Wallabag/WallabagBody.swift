import Foundation
import HTTPServer

/// The fields of a wallabag request body: a JSON object (what KOReader sends, `Content-Type: application/json`) or a
/// form (`application/x-www-form-urlencoded`, as wallabag also takes). Values are read as wallabag reads them: a flag
/// is `1`, `"1"` or `true`; anything else in a string field is its text.
struct WallabagBody {
    private let fields: [String: String]

    /// Reads `request`'s body; an empty body has no fields.
    init(_ request: HTTPRequest) throws(HTTPError) {
        let body = request.body
        let type = request.headers["Content-Type"]?.lowercased() ?? ""
        let looksJSON = type.contains("json") || body.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) == UInt8(ascii: "{")
        if body.isEmpty {
            fields = [:]
        } else if looksJSON {
            // The parser's error is answered as the 400 below; its detail would only echo the client's bytes.
            guard let object = try? JSONSerialization.jsonObject(with: body),  // safe: refused as a 400 just below
                  let dictionary = object as? [String: Any] else {
                throw HTTPError(400, "The body is not a JSON object.")
            }
            var read: [String: String] = [:]
            for (key, value) in dictionary {
                switch value {
                case let text as String: read[key] = text
                case let number as NSNumber: read[key] = number.stringValue
                case is NSNull: break
                case let list as [Any]: read[key] = list.compactMap { $0 as? String }.joined(separator: ",")
                default: throw HTTPError(400, "The field \(key.prefix(40)) is not text or a number.")
                }
            }
            fields = read
        } else {
            guard let text = String(data: body, encoding: .utf8) else { throw HTTPError(400, "The body is not UTF-8.") }
            var read: [String: String] = [:]
            for pair in QueryParameters(encoded: text) where read[pair.name] == nil { read[pair.name] = pair.value }
            fields = read
        }
    }

    subscript(name: String) -> String? { fields[name] }

    /// A 0/1 flag, nil when absent; anything else is refused.
    func flag(_ name: String) throws(HTTPError) -> Bool? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty else { return nil }
        switch value {
        case "1", "true": return true
        case "0", "false": return false
        default: throw HTTPError(400, "\(name) must be 0 or 1.")
        }
    }
}
