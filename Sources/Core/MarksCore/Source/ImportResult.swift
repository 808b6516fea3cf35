/// What a bulk import did, counted as linkding's importer counts.
public struct ImportResult: Sendable, Equatable {
    /// One entry that was not imported.
    public struct Failure: Sendable, Equatable {
        /// The entry's position in the imported list.
        public var index: Int
        /// The entry's URL as given.
        public var url: String
        /// Why it was skipped.
        public var reason: String

        /// A failure as given.
        public init(index: Int, url: String, reason: String) {
            self.index = index
            self.url = url
            self.reason = reason
        }
    }

    /// Entries seen.
    public var total = 0
    /// Entries imported (created or updated).
    public var success = 0
    /// Entries skipped (invalid, or a duplicate of an earlier entry of the same import).
    public var failed = 0
    /// Of `success`: new bookmarks.
    public var created = 0
    /// Of `success`: existing bookmarks updated.
    public var updated = 0
    /// Of `success`: existing bookmarks the entry brought nothing new to (nothing written).
    public var unchanged = 0
    /// The skipped entries and why.
    public var failures: [Failure] = []
    /// The ids of the bookmarks created or updated (not the unchanged), in the entries' order.
    public var savedIDs: [Int] = []

    /// An empty result.
    public init() {}
}
