/// What a sync changed in the cache, by the cache's own comparison: bookmarks new to it, bookmarks whose fields
/// changed, bookmarks gone from the server; and what it now holds.
public struct SyncReport: Sendable, Equatable {
    public var added: Int
    public var updated: Int
    public var removed: Int
    /// Live (unarchived) bookmarks in the cache after the sync.
    public var live: Int
    /// Archived bookmarks in the cache after the sync.
    public var archived: Int
    /// True when the full list was walked (first sync, forced, or a reconcile found the counts apart).
    public var full: Bool
    /// Tags the server no longer has whose bookmarks were fetched again (linkding's tag delete does not bump them).
    public var vanishedTags: [String]

    /// A report.
    public init(added: Int, updated: Int, removed: Int, live: Int, archived: Int, full: Bool, vanishedTags: [String] = []) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.live = live
        self.archived = archived
        self.full = full
        self.vanishedTags = vanishedTags
    }
}
