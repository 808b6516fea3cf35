/// The one HTML escaper below the core's own (`XMLText`): `&`, `<`, `>`, `"` and `'` escaped, which makes text safe in
/// element content and in quoted attributes, and control characters other than tab, newline and carriage return
/// dropped. The web app's typed `HTML`, the HTTP server's own error pages and the QR code's SVG label use it.
public enum MarkupEscaping {
    /// `text` escaped.
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the escaped UTF-8 of `text` (multi-byte sequences pass through untouched).
    public static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            out.reserveCapacity(out.count + utf8.count)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "&"): out += [0x26, 0x61, 0x6D, 0x70, 0x3B]  // &amp;
                case UInt8(ascii: "<"): out += [0x26, 0x6C, 0x74, 0x3B]  // &lt;
                case UInt8(ascii: ">"): out += [0x26, 0x67, 0x74, 0x3B]  // &gt;
                case UInt8(ascii: "\""): out += [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B]  // &quot;
                case UInt8(ascii: "'"): out += [0x26, 0x23, 0x33, 0x39, 0x3B]  // &#39;
                case 0x09, 0x0A, 0x0D: out.append(byte)
                case 0x00..<0x20, 0x7F: continue
                default: out.append(byte)
                }
            }
        }
    }
}
