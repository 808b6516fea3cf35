import Foundation
import MarksCore

extension JSONValue {
    /// The JSON text as a value (object keys sorted), or nil when it is not JSON.
    static func parsed(_ text: String) -> JSONValue? {
        ProviderJSON.decodeIfPossible(Decoded.self, from: Data(text.utf8))?.value
    }

    /// Any JSON value, read through `Decodable` (which tells booleans from numbers).
    private struct Decoded: Decodable {
        let value: JSONValue

        // safe: each `try?` below asks which shape the value has (Decodable offers no other way to ask); a value of
        // none of them reaches the last `single.decode(String.self)`, whose error is thrown.
        init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {  // safe: a shape probe (see above)
                var items: [JSONValue] = []
                while !array.isAtEnd { items.append(try array.decode(Decoded.self).value) }
                value = .array(items)
            } else if let object = try? decoder.container(keyedBy: Key.self) {  // safe: a shape probe (see above)
                value = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try object.decode(Decoded.self, forKey: $0).value)
                })
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() {
                    value = .null
                } else if let bool = try? single.decode(Bool.self) {  // safe: a shape probe (see above)
                    value = .bool(bool)
                } else if let int = try? single.decode(Int.self) {  // safe: a shape probe (see above)
                    value = .int(int)
                } else if let double = try? single.decode(Double.self) {  // safe: a shape probe (see above)
                    value = .double(double)
                } else {
                    value = .string(try single.decode(String.self))
                }
            }
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
