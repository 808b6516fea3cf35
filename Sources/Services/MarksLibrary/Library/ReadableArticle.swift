/// The readable text of a bookmarked page, for the reader view: title, paragraphs and length.
public struct ReadableArticle: Sendable, Equatable {
    /// Where the text came from (after redirects).
    public var url: String
    public var title: String?
    public var paragraphs: [String]
    public var wordCount: Int

    /// An article value.
    public init(url: String, title: String?, paragraphs: [String], wordCount: Int) {
        self.url = url
        self.title = title
        self.paragraphs = paragraphs
        self.wordCount = wordCount
    }
}
