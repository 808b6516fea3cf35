/// Builds query strings the way linkding (Django) reads them. Every byte outside a small safe set is
/// percent-encoded — notably `+`, which Django reads as a space (`q=c++`, `modified_since=…+00:00`),
/// and `&`, `=`, `#`, `%` and space. Foundation's `URLQueryItem` leaves `+` alone, so it is not used.
public enum LinkdingQuery {
    /// `name=value` pairs joined by `&`; a nil value gives a bare flag (`disable_scraping`).
    public static func encode(_ items: [(String, String?)]) -> String {
        items.map { name, value in
            value.map { encodeComponent(name) + "=" + encodeComponent($0) } ?? encodeComponent(name)
        }.joined(separator: "&")
    }

    /// Percent-encodes one name or value: unreserved characters plus `:`, `/`, `@` and `,` stay readable.
    public static func encodeComponent(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isSafe(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out.unicodeScalars.append(hexDigit(byte >> 4))
                out.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return out
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: ","):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
}
