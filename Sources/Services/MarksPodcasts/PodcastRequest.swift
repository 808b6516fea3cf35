import MarksJobs

/// What a client asks for: narrate the article at `url`, or — with `text` — that text (a local source,
/// `marks-source://<uuid>`, with its `sourceKind`).
public struct PodcastRequest: Sendable, Equatable {
    public var url: String
    public var title: String?
    public var text: String?
    public var sourceKind: String?
    /// The text's language tag, for a source (a fetched page's `lang` is read from the page).
    public var language: String?
    /// Its job's priority: `JobPriority.foreground` when a person waits for it (a client polling its status),
    /// `background` for generation nobody watches (the library's queue).
    public var priority: Int

    /// A request.
    public init(url: String, title: String? = nil, text: String? = nil, sourceKind: String? = nil, language: String? = nil,
                priority: Int = JobPriority.foreground) {
        self.language = language
        self.priority = priority
        self.url = url
        self.title = title
        self.text = text
        self.sourceKind = sourceKind
    }
}
