import Foundation

/// One spelling for each percent-encoded URL component (RFC 3986 §6.2.2): an escaped unreserved character
/// (`A–Z a–z 0–9 - . _ ~`) is written plainly, every other escape in upper-case hex, and a run of non-ASCII
/// bytes — escaped or literal — that is valid UTF-8 is put in Unicode NFC and escaped again. Reserved characters
/// keep their form: `/` and `%2F`, `&` and `%26` stay different.
enum PercentEncoding {
    static func canonical(_ component: String) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) else { return component }
        let bytes = Array(component.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        // Decoded text between two kept escapes: NFC applies to a run as a whole (an `e` and an escaped combining
        // accent after it are one `é`), never across an escape that must stay one.
        var run: [UInt8] = []
        func flush() {
            guard !run.isEmpty else { return }
            if let text = String(validating: run, as: UTF8.self) {
                for byte in text.precomposedStringWithCanonicalMapping.utf8 {
                    if byte < 0x80 { out.append(byte) } else { escape(byte, into: &out) }
                }
            } else {
                for byte in run {
                    if byte < 0x80 { out.append(byte) } else { escape(byte, into: &out) }
                }
            }
            run.removeAll(keepingCapacity: true)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let value = hexPair(bytes[index + 1], bytes[index + 2]) {
                index += 3
                if value >= 0x80 || isUnreserved(value) {
                    run.append(value)
                } else {
                    flush()
                    escape(value, into: &out)
                }
                continue
            }
            index += 1
            run.append(byte)
        }
        flush()
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with every character a URL may not hold literally — non-ASCII, controls, space, the backtick and `"<>\^{|}` —
    /// escaped as UTF-8, and everything else (`%` included) as it was.
    static func escapingInvalidCharacters(_ text: String) -> String {
        guard text.utf8.contains(where: { !isAllowedLiterally($0) }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isAllowedLiterally(byte) { out.append(byte) } else { escape(byte, into: &out) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isAllowedLiterally(_ byte: UInt8) -> Bool {
        guard byte > 0x20, byte < 0x7F else { return false }
        return !"\"<>\\^`{|}".utf8.contains(byte)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "%"))
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
    }

    private static func hexPair(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let h = hexValue(high), let l = hexValue(low) else { return nil }
        return h << 4 | l
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
