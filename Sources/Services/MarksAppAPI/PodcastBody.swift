/// The body of `POST /v1/podcast/generate`: `{"url", "title"?, "text"?, "source_kind"?, "language"?, "priority"?}`.
public struct PodcastBody: Decodable, Sendable, Equatable {
    /// The keys accepted.
    static let fields = ["url", "title", "text", "source_kind", "language", "priority"]

    public var url: String
    public var title: String?
    public var text: String?
    public var sourceKind: String?
    /// The text's language tag ("de", "en-GB") for a source; a fetched page's own `lang` wins.
    public var language: String?
    /// `foreground` (the default: a person waits for it) or `background` (a library's background generation, served
    /// after the requests people wait on).
    public var priority: String?

    /// True when the client asked for background priority.
    public var isBackground: Bool { priority == "background" }

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        url = try object.required("url")
        title = try object.optional("title")
        text = try object.optional("text")
        sourceKind = try object.optional("source_kind")
        language = try object.optional("language")
        priority = try object.optional("priority")
    }

    /// The body after checking the wire limits (the podcast service checks the rest).
    public func validated(_ limits: AppAPILimits) throws(AppAPIError) -> PodcastBody {
        try FieldCheck.present(url, "url")
        try FieldCheck.length(url, limits.engine.url, "url")
        try FieldCheck.length(title, limits.engine.title, "title")
        try FieldCheck.length(text, limits.podcastText, "text")
        if let sourceKind, !["text", "pdf", "file"].contains(sourceKind) {
            throw .invalid("source_kind must be \"text\", \"pdf\" or \"file\".")
        }
        if let priority, !["foreground", "background"].contains(priority) {
            throw .invalid("priority must be \"foreground\" or \"background\".")
        }
        if let language, language.count > 35 || !language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw .invalid("language must be a language tag such as \"en\" or \"de-AT\".")
        }
        return self
    }
}
