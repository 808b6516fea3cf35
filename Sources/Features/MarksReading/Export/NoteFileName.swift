import Foundation

/// File names for notes written into a folder or a ZIP: a title kept to letters, digits and dashes (so no `/`, `..`,
/// control character or leading dot gets through), at most 60 characters.
public enum NoteFileName {
    /// `title` lowercased, every run of other characters a single dash, trimmed of dashes, at most 60 characters;
    /// empty when nothing is left.
    public static func slug(_ title: String) -> String {
        let kept = title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(String(kept).split(separator: "-").joined(separator: "-").prefix(60))
    }

    /// A bookmark's note name, stable across runs and libraries: its title's slug (else its host's, else `bookmark`)
    /// and twelve hex digits of a hash of its URL, which tell apart two bookmarks of the same title.
    public static func name(title: String, url: String) -> String {
        var stem = slug(title)
        if stem.isEmpty { stem = slug(URL(string: url)?.host ?? "") }
        if stem.isEmpty { stem = "bookmark" }
        return "\(stem)-\(hash(url)).md"
    }

    /// FNV-1a (64 bits) of the text's UTF-8, the top 48 bits in hex: the same on every machine and run.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        let hex = String(value >> 16, radix: 16)
        return String(repeating: "0", count: 12 - hex.count) + hex
    }
}
