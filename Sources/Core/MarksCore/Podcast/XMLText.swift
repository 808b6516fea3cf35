/// Text made safe for XML 1.0 character data and quoted attributes: `& < > " '` escaped, and every character
/// XML cannot carry removed (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF) along with the C1
/// controls and DEL, which it can but no reader wants. Lone surrogates cannot occur in a Swift `String`.
public enum XMLText {
    /// `text` escaped for element content and attribute values alike.
    public static func escape(_ text: String) -> String {
        escape(text, apostrophe: "&apos;", keepingControls: false)
    }

    /// The core's one markup escaper: `& < > "` and `'` (as `apostrophe`) escaped; the characters XML cannot carry are
    /// dropped unless `keepingControls` (the Netscape bookmark file keeps what it was given, as linkding writes it).
    static func escape(_ text: String, apostrophe: String, keepingControls: Bool) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: apostrophe.unicodeScalars)
            default: if keepingControls || allowed(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// True for the characters kept.
    static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x0..<0x20, 0x7F...0x9F: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
