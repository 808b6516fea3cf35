/// Decoding and escaping of HTML character references for the Netscape bookmark format.
enum HTMLEntities {
    /// Escapes text for an element or a double- or single-quoted attribute: `& < > " '`.
    static func escape(_ text: String) -> String {
        XMLText.escape(text, apostrophe: "&#39;", keepingControls: true)
    }

    /// Decodes `&#NNN;`, `&#xHH;` (the semicolon may be missing) and the named references in `named`
    /// (semicolon required, so a raw `&copy=1` in a URL stays as it is). Anything else is kept verbatim;
    /// a reference to an invalid code point becomes U+FFFD.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    /// Decodes a whole byte array (see `decode(_: ArraySlice<UInt8>)`).
    static func decode(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let firstAmpersand = bytes.firstIndex(of: UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        out.append(contentsOf: bytes[..<firstAmpersand])
        var index = firstAmpersand
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let (scalar, next) = reference(in: bytes, at: index) {
                out.append(contentsOf: String(scalar).utf8)
                index = next
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The reference starting at `start` (an `&`) and the index after it.
    private static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var radix: UInt32 = 10
            if index < bytes.count, bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") {
                radix = 16
                index += 1
            }
            var value: UInt32 = 0
            let digitsStart = index
            while index < bytes.count, let digit = digitValue(bytes[index], radix: radix) {
                value = min(value * radix + digit, 0x110000)  // saturates past the last code point
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            let replacement: Unicode.Scalar = "\u{FFFD}"
            return (value == 0 ? replacement : Unicode.Scalar(value) ?? replacement, index)
        }
        var name = ""
        while index < bytes.count, name.utf8.count < 10 {
            let byte = bytes[index]
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
            name.unicodeScalars.append(Unicode.Scalar(byte))
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";"), let scalar = named[name] else { return nil }
        return (scalar, index + 1)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The named references bookmark files use in practice.
    static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "middot": "·", "bull": "•", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
        "deg": "°", "times": "×", "divide": "÷", "sect": "§", "para": "¶", "shy": "\u{AD}",
    ]
}
