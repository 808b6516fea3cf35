/// What an `enrichAll` run did.
public struct EnrichmentReport: Sendable, Equatable {
    /// Bookmarks that got a summary and tags in this run.
    public var enriched: Int
    /// Bookmarks skipped because they already had AI metadata (a resumed run skips what it did before).
    public var skipped: Int
    /// Bookmarks whose enrichment failed (they are tried again next run).
    public var failed: Int
    /// Bookmarks still waiting because the run was stopped.
    public var remaining: Int
    /// True when `shouldStop` ended the run early.
    public var stopped: Bool
    /// The first failures' messages (at most 5).
    public var errors: [String]

    /// A report as given.
    public init(enriched: Int = 0, skipped: Int = 0, failed: Int = 0, remaining: Int = 0, stopped: Bool = false, errors: [String] = []) {
        self.enriched = enriched
        self.skipped = skipped
        self.failed = failed
        self.remaining = remaining
        self.stopped = stopped
        self.errors = errors
    }
}
