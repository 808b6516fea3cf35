/// What `enrich` works from: the page's address and its already extracted text (`POST /v1/marks/enrich`).
public struct EnrichRequest: Codable, Equatable, Sendable {
    /// The page's URL.
    public var url: String
    /// The page's title, when known.
    public var title: String?
    /// The page's description (meta description or the user's notes), when known.
    public var description: String?
    /// The page's readable text: paragraphs separated by line breaks.
    public var text: String?
    /// The user's existing tags; suggestions snap to these when one fits.
    public var vocabulary: [String]?

    /// A request for `url` with whatever is known about the page.
    public init(url: String, title: String? = nil, description: String? = nil, text: String? = nil, vocabulary: [String]? = nil) {
        self.url = url
        self.title = title
        self.description = description
        self.text = text
        self.vocabulary = vocabulary
    }
}
