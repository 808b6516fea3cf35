import MarksCore

/// What enriching one bookmark made: the bookmark carrying its new summary and tags, and who answered.
public struct EnrichmentOutcome: Sendable, Equatable {
    /// The bookmark with `aiSummary` and `aiTags` set.
    public var bookmark: Bookmark
    /// The summary (empty when the page had no text).
    public var summary: String
    /// The suggested tags.
    public var tags: [String]
    /// `"offline"` or `"<provider>:<model>"`: the engine that answered.
    public var engine: String
    /// Why the configured provider did not answer, when the offline engine stood in.
    public var fallbackReason: String?
    /// True when the page could not be read and the result came from the title and description only.
    public var fromTitleOnly: Bool

    /// An outcome as given.
    public init(bookmark: Bookmark, summary: String, tags: [String], engine: String, fallbackReason: String?, fromTitleOnly: Bool) {
        self.bookmark = bookmark
        self.summary = summary
        self.tags = tags
        self.engine = engine
        self.fallbackReason = fallbackReason
        self.fromTitleOnly = fromTitleOnly
    }
}
