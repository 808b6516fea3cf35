import MarksCore

/// What other parts of Marks do when the library's bookmarks change — the search index (the seeds'
/// Spotlight indexing), enrichment — so every mutation path (load, load more, add, edit, enrich, delete,
/// archive, sync) tells them, and none can be forgotten.
public struct LibraryObserver: Sendable {
    /// Bookmarks that were loaded or saved (their current state).
    public var saved: @Sendable ([Bookmark]) async -> Void
    /// Bookmarks that left the live library (deleted or archived), by id.
    public var removed: @Sendable ([Int]) async -> Void

    /// An observer from its two callbacks.
    public init(saved: @escaping @Sendable ([Bookmark]) async -> Void, removed: @escaping @Sendable ([Int]) async -> Void) {
        self.saved = saved
        self.removed = removed
    }
}
