/// One bookmark as semantic search sees it: only title, domain and an optional summary cross this
/// boundary (never notes, never full text).
public struct RankItem: Codable, Equatable, Sendable {
    /// The bookmark's id.
    public var id: Int
    /// The bookmark's title.
    public var title: String
    /// The bookmark's domain, such as `example.com`.
    public var domain: String
    /// The AI summary, when the bookmark has one.
    public var summary: String?

    /// An item as given.
    public init(id: Int, title: String, domain: String, summary: String? = nil) {
        self.id = id
        self.title = title
        self.domain = domain
        self.summary = summary
    }
}
