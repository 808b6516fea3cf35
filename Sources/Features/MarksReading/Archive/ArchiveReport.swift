/// Where the page-text archive stands for a set of bookmarks (`marks archive-text`, the job's progress).
public struct ArchiveReport: Sendable, Equatable {
    /// One page that could not be read.
    public struct Failure: Sendable, Equatable {
        public var url: String
        public var error: String
        public var attempts: Int
        /// Whether the background sweep tries it again by itself.
        public var retried: Bool
    }

    /// Bookmarked URLs looked at.
    public var total: Int
    /// With archived text.
    public var stored: Int
    /// Not fetched yet (or due for another try).
    public var pending: Int
    /// Pages that could not be read, and why.
    public var failures: [Failure]
    /// Pages fetched by this run (0 for a status only).
    public var fetched: Int
    /// Whether fetching is off (`MARKS_FETCH_PAGES=0`): nothing was or will be fetched.
    public var fetchingOff: Bool
}
