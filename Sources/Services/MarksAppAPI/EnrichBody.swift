import MarksCore

/// The body of `POST /v1/marks/enrich`: `{"url", "title"?, "description"?, "text"?, "vocabulary"?}`.
public struct EnrichBody: Decodable, Sendable, Equatable {
    /// The keys accepted.
    static let fields = ["url", "title", "description", "text", "vocabulary"]

    /// The request for the engine.
    public var request: EnrichRequest

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        request = EnrichRequest(url: try object.required("url"), title: try object.optional("title"),
                                description: try object.optional("description"), text: try object.optional("text"),
                                vocabulary: try object.optional("vocabulary"))
    }

    /// The request after checking every limit.
    public func validated(_ limits: AppAPILimits) throws(AppAPIError) -> EnrichRequest {
        let engine = limits.engine
        try FieldCheck.present(request.url, "url")
        try FieldCheck.length(request.url, engine.url, "url")
        try FieldCheck.length(request.title, engine.title, "title")
        try FieldCheck.length(request.description, engine.description, "description")
        try FieldCheck.length(request.text, engine.text, "text")
        let vocabulary = request.vocabulary ?? []
        try FieldCheck.count(vocabulary.count, engine.vocabulary, "vocabulary")
        for (index, tag) in vocabulary.enumerated() { try FieldCheck.length(tag, engine.tag, "vocabulary[\(index)]") }
        return request
    }
}
