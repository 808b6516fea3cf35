import HTMLExtraction

/// The readable text of a bookmarked page, for the reader view: title, paragraphs, the structured and
/// sanitised article, and length.
public struct ReadableArticle: Sendable, Equatable {
    /// Where the text came from (after redirects).
    public var url: String
    public var title: String?
    public var paragraphs: [String]
    public var wordCount: Int
    /// The article with its structure (headings, lists, links, images, code, quotes, tables), through the
    /// allow-list sanitiser; nil when only plain paragraphs are known.
    public var content: ArticleContent?

    /// An article value.
    public init(url: String, title: String?, paragraphs: [String], wordCount: Int, content: ArticleContent? = nil) {
        self.url = url
        self.title = title
        self.paragraphs = paragraphs
        self.wordCount = wordCount
        self.content = content
    }
}
