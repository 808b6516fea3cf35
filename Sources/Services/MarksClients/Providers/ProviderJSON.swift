import Foundation

/// JSON helpers for the provider clients.
enum ProviderJSON {
    /// `value` as JSON (slashes unescaped).
    static func encode<T: Encodable>(_ value: T) throws(ProviderError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch {
            throw .invalidConfiguration("the request could not be encoded: \(error)")
        }
    }

    /// `data` decoded as `T`, or nil when it is not that shape (for optional error bodies).
    static func decodeIfPossible<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            return nil  // not this shape: the caller describes the body another way
        }
    }

    /// A short account of a decoding failure.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, _): return "no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case .dataCorrupted: return "not JSON"
        @unknown default: return "not JSON"
        }
    }
}
