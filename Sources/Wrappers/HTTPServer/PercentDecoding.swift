/// Percent-decoding for request targets and form bodies, byte by byte on UTF-8.
enum PercentDecoding {
    /// Decodes a path segment strictly: invalid `%` escapes, NUL bytes or invalid UTF-8 give nil.
    static func strictPathComponent(_ raw: Substring) -> String? {
        let utf8 = raw.utf8
        if !utf8.contains(UInt8(ascii: "%")) {
            return utf8.contains(0) ? nil : String(raw)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard let decoded = decodeEscape(utf8, at: index) else { return nil }
                bytes.append(decoded)
                index = utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        if bytes.contains(0) { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Decodes a query or form component leniently: `+` is a space, an invalid `%` escape stays as
    /// written (as Django does, so `?q=100%` searches for "100%"), invalid UTF-8 becomes U+FFFD.
    static func lenientFormComponent(_ raw: Substring) -> String {
        let utf8 = raw.utf8
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return String(raw)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let decoded = decodeEscape(utf8, at: index) {
                bytes.append(decoded)
                index = utf8.index(index, offsetBy: 3)
                continue
            }
            bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters (for form and query values).
    static func encodeFormComponent(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func decodeEscape(_ utf8: Substring.UTF8View, at index: Substring.UTF8View.Index) -> UInt8? {
        let first = utf8.index(after: index)
        guard first != utf8.endIndex else { return nil }
        let second = utf8.index(after: first)
        guard second != utf8.endIndex, let high = hexValue(utf8[first]), let low = hexValue(utf8[second]) else {
            return nil
        }
        return high << 4 | low
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
