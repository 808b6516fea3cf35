import Foundation

/// A JSON value whose objects keep their key order, so wire formats can match a contract field by field.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A string value, or null when nil.
    public static func optional(_ string: String?) -> JSONValue {
        string.map(JSONValue.string) ?? .null
    }

    /// The compact UTF-8 serialisation (slashes not escaped, non-ASCII kept as UTF-8).
    public var serialized: String { String(decoding: bytes, as: UTF8.self) }

    /// The serialisation as bytes.
    public var data: Data { Data(bytes) }

    /// The serialisation as UTF-8 bytes, written straight into one growing buffer: string contents are copied in
    /// runs between the bytes that need escaping, not scalar by scalar.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: (d.isFinite ? String(d) : "null").utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (index, field) in fields.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(field.0, to: &out)
                out.append(UInt8(ascii: ":"))
                field.1.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: `"` and `\\` escaped, `\n` `\r` `\t` by name, other controls as `\u00xx`, and U+2028/U+2029 (line
    /// terminators to JavaScript) as `\u2028`/`\u2029`; everything else copied as UTF-8.
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            let count = utf8.count
            var runStart = 0
            var index = 0
            while index < count {
                let byte = utf8[index]
                var width = 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0..<0x20:
                    break
                case 0xE2 where index + 2 < count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    width = 3
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
                case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
                case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
                case 0xE2: out.append(contentsOf: (utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
                index += width
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
