/// The main text of an article, cleaned of navigation, ads, comments and other page furniture.
public struct ReadableText: Sendable, Equatable {
    /// The article's title (og:title, the page's `<h1>` when `<title>` contains it, `<title>` without
    /// the site name, or the first `<h1>`), or nil.
    public var title: String?
    /// Paragraphs, headings and list items in reading order, whitespace-collapsed, never empty.
    public var paragraphs: [String]
    /// The paragraphs joined by blank lines.
    public var text: String
    /// Number of white-space separated words in `text`.
    public var wordCount: Int
    /// The page's language tag, if it declares one.
    public var language: String?

    /// Creates readable text from paragraphs; `text` and `wordCount` are derived.
    public init(title: String?, paragraphs: [String], language: String?) {
        self.title = title
        self.paragraphs = paragraphs
        self.text = paragraphs.joined(separator: "\n\n")
        self.wordCount = paragraphs.reduce(0) { $0 + Self.countWords($1) }
        self.language = language
    }

    /// Counts runs of non-space bytes; paragraphs are already collapsed, so ASCII white space is the
    /// only white space left. Byte-level, so a 5 MB article counts in milliseconds.
    private static func countWords(_ paragraph: String) -> Int {
        var count = 0
        var inWord = false
        for byte in paragraph.utf8 {
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !isSpace && !inWord { count += 1 }
            inWord = !isSpace
        }
        return count
    }
}
