/// A source's one-transaction bulk change (issue 35: a kill during a bulk archive of 500 left some of them done):
/// every bookmark of the list changes, or, when anything fails (a missing id, the disk, the process killed), none.
public struct BookmarkBulkEdit: Sendable {
    /// What one bulk change did.
    public struct Outcome: Sendable, Equatable {
        /// The bookmarks the change touched, as saved (empty for a delete).
        public var saved: [Bookmark]
        /// How many bookmarks it changed (those already so are not counted).
        public var changed: Int

        /// An outcome from its parts.
        public init(saved: [Bookmark], changed: Int) {
            self.saved = saved
            self.changed = changed
        }
    }

    /// Applies the change to the bookmarks with these ids, in one transaction; `notFound` (nothing changed) when one
    /// of them is not there.
    public var apply: @Sendable (_ change: BookmarkBulkChange, _ ids: [Int]) async throws -> Outcome

    /// The capability from its implementation.
    public init(apply: @escaping @Sendable (_ change: BookmarkBulkChange, _ ids: [Int]) async throws -> Outcome) {
        self.apply = apply
    }
}
