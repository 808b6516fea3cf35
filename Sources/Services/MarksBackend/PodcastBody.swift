/// The body of `POST /v1/podcast/generate`: `{"url", "title"?, "text"?, "source_kind"?}`.
public struct PodcastBody: Decodable, Sendable, Equatable {
    /// The keys accepted.
    static let fields = ["url", "title", "text", "source_kind"]

    public var url: String
    public var title: String?
    public var text: String?
    public var sourceKind: String?

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        url = try object.required("url")
        title = try object.optional("title")
        text = try object.optional("text")
        sourceKind = try object.optional("source_kind")
    }

    /// The body after checking the wire limits (the podcast service checks the rest).
    public func validated(_ limits: BackendLimits) throws(BackendError) -> PodcastBody {
        try FieldCheck.present(url, "url")
        try FieldCheck.length(url, limits.engine.url, "url")
        try FieldCheck.length(title, limits.engine.title, "title")
        try FieldCheck.length(text, limits.podcastText, "text")
        if let sourceKind, !["text", "pdf", "file"].contains(sourceKind) {
            throw .invalid("source_kind must be \"text\", \"pdf\" or \"file\".")
        }
        return self
    }
}
