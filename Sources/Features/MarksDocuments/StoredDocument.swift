/// One source with its text: the seeds' `StoredDocument`.
public struct StoredDocument: Sendable, Equatable {
    public var summary: DocumentSummary
    /// The stored text: what was pasted, or what extraction gave (edited or not). Empty when there is none.
    public var body: String
    /// A PDF's text page by page as extracted (page 1 first), so citations can say "p. 12"; empty otherwise,
    /// and once the body has been edited (the pages then no longer match it).
    public var pages: [String]

    /// A source value.
    public init(summary: DocumentSummary, body: String, pages: [String]) {
        self.summary = summary
        self.body = body
        self.pages = pages
    }

    /// The text a podcast reads, or nil when there is none (podcast actions are disabled then).
    public var podcastText: String? {
        body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : body
    }
}
