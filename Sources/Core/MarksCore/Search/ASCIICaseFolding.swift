/// Case-insensitive comparison as linkding's SQLite does it (`LIKE`, `lower()`): only ASCII letters fold,
/// every other character compares by code point. `"Straße"` contains `"STRA"` but `"Ä"` does not equal `"ä"`.
public enum ASCIICaseFolding {
    /// The text with ASCII `A`–`Z` lower-cased and everything else kept.
    public static func fold(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
        return String(decoding: foldedBytes(text), as: UTF8.self)
    }

    /// The UTF-8 bytes of `fold(text)`.
    public static func foldedBytes(_ text: String) -> [UInt8] {
        text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    /// True when the two texts are equal with ASCII case folded (linkding's `iexact`).
    public static func equals(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && foldedBytes(a) == foldedBytes(b)
    }

    /// True when `needle` occurs in `haystack` with ASCII case folded (linkding's `icontains`).
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        contains(foldedBytes(haystack), foldedBytes(needle))
    }

    /// Byte-level substring test on already folded UTF-8; an empty needle is found everywhere.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
