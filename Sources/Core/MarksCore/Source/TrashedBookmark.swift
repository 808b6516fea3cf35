import Foundation

/// A deleted bookmark waiting in the trash: the whole bookmark as it was, when it was deleted, and how a restore
/// will bring it back.
public struct TrashedBookmark: Sendable, Equatable {
    /// What a restore does with this entry.
    public enum Restore: Sendable, Equatable {
        /// The bookmark comes back exactly, with its id (the embedded store; a linkding delete not yet sent).
        case exact
        /// The delete was sent to the linkding server: a restore creates the bookmark again with the same fields,
        /// and linkding gives it a new id.
        case recreate
    }

    /// The bookmark as it was when it was deleted (tags, notes, dates, flags).
    public var bookmark: Bookmark
    /// When it was deleted.
    public var deletedAt: Date
    /// How a restore brings it back.
    public var restore: Restore

    /// An entry from its parts.
    public init(bookmark: Bookmark, deletedAt: Date, restore: Restore = .exact) {
        self.bookmark = bookmark
        self.deletedAt = deletedAt
        self.restore = restore
    }
}
