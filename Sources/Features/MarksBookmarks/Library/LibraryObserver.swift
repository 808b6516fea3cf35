import MarksCore

/// What other parts of Marks do when the library's bookmarks change — the search index (the seeds'
/// Spotlight indexing), enrichment — so every mutation path (load, load more, add, edit, enrich, delete,
/// archive, unarchive, sync, import) tells them, and none can be forgotten. Each event says what happened, so
/// an observer never has to ask the source what a change meant.
public struct LibraryObserver: Sendable {
    /// Bookmarks that were loaded, created, edited or enriched, in their current state (an edit may leave one
    /// archived; a sync reports archived ones too).
    public var saved: @Sendable ([Bookmark]) async -> Void
    /// Bookmarks that were archived, by id (they stay in the library, in the archived scope).
    public var archived: @Sendable ([Int]) async -> Void
    /// Bookmarks that were unarchived, in their current state.
    public var unarchived: @Sendable ([Bookmark]) async -> Void
    /// Bookmarks that were deleted (or are gone from the source), by id.
    public var deleted: @Sendable ([Int]) async -> Void
    /// Bookmarks of the source named (`BookmarkSource.identity`) dropped from the trash for good, by id: what was
    /// kept for them (highlights) can go.
    public var purged: @Sendable (_ source: String, _ ids: [Int]) async -> Void
    /// A bookmark of the source named restored from the trash under a new id (linkding had deleted it, so it was
    /// created again): what was kept under the old id (highlights) moves to the new one.
    public var renumbered: @Sendable (_ source: String, _ from: Int, _ to: Int) async -> Void

    /// An observer from its callbacks (`purged` and `renumbered` do nothing unless given).
    public init(saved: @escaping @Sendable ([Bookmark]) async -> Void, archived: @escaping @Sendable ([Int]) async -> Void,
                unarchived: @escaping @Sendable ([Bookmark]) async -> Void, deleted: @escaping @Sendable ([Int]) async -> Void,
                purged: @escaping @Sendable (_ source: String, _ ids: [Int]) async -> Void = { _, _ in },
                renumbered: @escaping @Sendable (_ source: String, _ from: Int, _ to: Int) async -> Void = { _, _, _ in }) {
        self.saved = saved
        self.archived = archived
        self.unarchived = unarchived
        self.deleted = deleted
        self.purged = purged
        self.renumbered = renumbered
    }
}
