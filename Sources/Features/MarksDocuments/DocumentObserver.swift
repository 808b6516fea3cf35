/// What other parts of Marks do when sources change — the search index first — so every mutation (add, import,
/// edit, delete, restore, purge) tells them, as `LibraryObserver` does for bookmarks.
public struct DocumentObserver: Sendable {
    /// Sources added, edited or restored, in their current state.
    public var saved: @Sendable ([StoredDocument]) async -> Void
    /// Sources deleted (to the trash, or for good).
    public var deleted: @Sendable ([DocumentSummary]) async -> Void
    /// Sources deleted for good (after `deleted`): what was kept for them (their highlights) goes too.
    public var purged: @Sendable ([DocumentSummary]) async -> Void

    /// An observer from its callbacks.
    public init(saved: @escaping @Sendable ([StoredDocument]) async -> Void, deleted: @escaping @Sendable ([DocumentSummary]) async -> Void,
                purged: @escaping @Sendable ([DocumentSummary]) async -> Void = { _ in }) {
        self.saved = saved
        self.deleted = deleted
        self.purged = purged
    }
}
