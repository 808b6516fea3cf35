/// What a client asks for: narrate the article at `url`, or — with `text` — that text (a local source,
/// `marks-source://<uuid>`, with its `sourceKind`).
public struct PodcastRequest: Sendable, Equatable {
    public var url: String
    public var title: String?
    public var text: String?
    public var sourceKind: String?
    /// The text's language tag, for a source (a fetched page's `lang` is read from the page).
    public var language: String?

    /// A request.
    public init(url: String, title: String? = nil, text: String? = nil, sourceKind: String? = nil, language: String? = nil) {
        self.language = language
        self.url = url
        self.title = title
        self.text = text
        self.sourceKind = sourceKind
    }
}
