import Foundation

/// Strict decoding of `/v1/` request bodies: a JSON object with only the documented keys, every error a
/// `AppAPIError.invalid` naming the field (`bookmarks[3].title`).
public enum WireDecoding {
    /// Decodes `body` as `T`, refusing a body larger than `limit` bytes (413) or one that is not a JSON object.
    public static func decode<T: Decodable>(_ type: T.Type, from body: Data, limit: Int) throws(AppAPIError) -> T {
        guard body.count <= limit else { throw .bodyTooLarge(limit: limit) }
        guard body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw .invalid("The body is empty; send a JSON object.")
        }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch let error as AppAPIError {
            throw error
        } catch let error as DecodingError {
            throw .invalid(describe(error))
        } catch {
            throw .invalid("The body is not valid JSON.")
        }
    }

    /// The keyed container of the object being decoded, after checking it has no key outside `allowed`.
    static func object(_ decoder: any Decoder, allowed: [String], note: String = "") throws -> KeyedDecodingContainer<WireKey> {
        let container: KeyedDecodingContainer<WireKey>
        do {
            container = try decoder.container(keyedBy: WireKey.self)
        } catch {
            let place = decoder.codingPath.isEmpty ? "The body" : "\"\(path(decoder.codingPath))\""
            throw AppAPIError.invalid("\(place) must be a JSON object.")
        }
        let known = Set(allowed)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            let field = path(decoder.codingPath + [WireKey(unknown)])
            let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
            // The name is repeated only when it is a plain identifier: an error never echoes arbitrary input.
            let named = field.utf8.count <= 64 && field.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.-[]".unicodeScalars.contains($0)) }
            throw AppAPIError.invalid("Unknown field\(named ? " \"\(field)\"" : ""): only \(list) are accepted\(note).")
        }
        return container
    }

    /// `bookmarks[3].title` for a coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "Missing field \"\(path(context.codingPath + [key]))\"."
        case .typeMismatch(let type, let context):
            return "Field \"\(path(context.codingPath))\" must be \(article(type))."
        case .valueNotFound(let type, let context):
            return "Field \"\(path(context.codingPath))\" must be \(article(type)), not null."
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "Field \"\(path(context.codingPath))\" has an invalid value."
        case .dataCorrupted:
            return "The body is not valid JSON."
        @unknown default:
            return "The body could not be decoded."
        }
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [String].Type: "a list of strings"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}

extension KeyedDecodingContainer where Key == WireKey {
    /// The value of a required key.
    func required<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: WireKey(name))
    }

    /// The value of an optional key (absent or null is nil).
    func optional<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: WireKey(name))
    }
}
