/// The field limits of linkding 1.46.2 (`bookmarks/models.py`: `url` 2048, `title` 512, a tag's `name` 64), counted
/// as Python counts a `str`: in Unicode code points.
public enum LinkdingLimits {
    /// The longest bookmark URL linkding keeps.
    public static let urlLength = 2048
    /// The longest bookmark title linkding keeps.
    public static let titleLength = 512
    /// The longest tag name linkding keeps.
    public static let tagNameLength = 64

    /// The length linkding measures (code points).
    public static func length(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    /// The longest prefix of `text` made of whole characters with at most `limit` code points.
    public static func prefix(_ text: String, limit: Int) -> String {
        guard length(text) > limit else { return text }
        var out = ""
        var used = 0
        for character in text {
            let size = character.unicodeScalars.count
            guard used + size <= limit else { break }
            out.append(character)
            used += size
        }
        return out
    }
}
