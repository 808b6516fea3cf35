/// A summary and tags for one page, and which engine made them.
public struct EnrichResult: Codable, Equatable, Sendable {
    /// 1–3 sentences taken from the page, at most `EngineLimits.summaryLength` characters; empty when the page has no text.
    public var summary: String
    /// 3–5 lower-case tags cleaned as linkding cleans them, vocabulary tags first.
    public var tags: [String]
    /// `"offline"` for the in-process engine, `"<provider>:<model>"` for a language model.
    public var engine: String

    /// A result as given.
    public init(summary: String, tags: [String], engine: String) {
        self.summary = summary
        self.tags = tags
        self.engine = engine
    }
}
