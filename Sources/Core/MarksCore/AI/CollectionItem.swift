/// One bookmark as the collection builder sees it.
public struct CollectionItem: Codable, Equatable, Sendable {
    /// The bookmark's id.
    public var id: Int
    /// The bookmark's title.
    public var title: String
    /// The bookmark's domain, such as `example.com`.
    public var domain: String
    /// The AI summary, when the bookmark has one.
    public var summary: String?
    /// The bookmark's tags (linkding and AI tags), when known.
    public var tags: [String]?

    /// An item as given.
    public init(id: Int, title: String, domain: String, summary: String? = nil, tags: [String]? = nil) {
        self.id = id
        self.title = title
        self.domain = domain
        self.summary = summary
        self.tags = tags
    }
}
