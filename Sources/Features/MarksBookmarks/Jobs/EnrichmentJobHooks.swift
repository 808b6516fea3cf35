/// What a command running an enrichment job in the foreground wants to see: each `enrich` outcome (to print the
/// summary), Enrich All's progress (a progress bar) and report, and when to stop Enrich All (Ctrl-C). The
/// defaults see nothing and never stop, as in `marks serve`.
public struct EnrichmentJobHooks: Sendable {
    /// Receives the job id and outcome of each `enrich` job that succeeded.
    public var outcome: @Sendable (Int64, EnrichmentOutcome) -> Void
    /// Receives Enrich All's progress after each bookmark.
    public var progress: @Sendable (EnrichmentProgress) -> Void
    /// Checked between bookmarks: true ends Enrich All early (the job is done, saying what is left).
    public var shouldStop: @Sendable () -> Bool
    /// Receives Enrich All's report when it ends.
    public var report: @Sendable (EnrichmentReport) -> Void

    /// Hooks; each defaults to doing nothing.
    public init(outcome: @escaping @Sendable (Int64, EnrichmentOutcome) -> Void = { _, _ in },
                progress: @escaping @Sendable (EnrichmentProgress) -> Void = { _ in },
                shouldStop: @escaping @Sendable () -> Bool = { false },
                report: @escaping @Sendable (EnrichmentReport) -> Void = { _ in }) {
        self.outcome = outcome
        self.progress = progress
        self.shouldStop = shouldStop
        self.report = report
    }
}
