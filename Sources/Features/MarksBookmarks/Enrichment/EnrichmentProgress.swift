/// How far an `enrichAll` run is: bookmarks handled so far out of those that needed a summary.
public struct EnrichmentProgress: Sendable, Equatable {
    /// Bookmarks handled (enriched or failed) so far.
    public var done: Int
    /// Bookmarks that needed a summary when the run started.
    public var total: Int
    /// Bookmarks that failed so far.
    public var failed: Int
    /// The title (or URL) of the bookmark just handled.
    public var current: String

    /// A progress value.
    public init(done: Int, total: Int, failed: Int, current: String) {
        self.done = done
        self.total = total
        self.failed = failed
        self.current = current
    }
}
