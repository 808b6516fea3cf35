/// White space as Python's `str.isspace()` / `str.strip()` see it (linkding's tokenizer, Django REST framework's
/// field trimming): Unicode white space plus the separators U+001C…U+001F.
public enum PythonWhitespace {
    /// True for a code point Python counts as white space.
    public static func contains(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// The text without leading and trailing white space, as `str.strip()` does.
    public static func strip(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !contains($0) }),
              let last = scalars.lastIndex(where: { !contains($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
