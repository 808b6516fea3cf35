import Foundation

/// A source's own trash (the embedded store has one): its `delete` moves a bookmark there, and these calls list,
/// restore (exactly, with its id) and purge what it holds. A source without one (a linkding server) deletes for
/// good; the library then keeps the trash itself. Errors are `BookmarkSourceError`.
public struct BookmarkTrash: Sendable {
    /// The trashed bookmarks, most recently deleted first.
    public var list: @Sendable () async throws -> [TrashedBookmark]
    /// Brings a trashed bookmark back with its id, tags, notes, dates and flags; `notFound` when it is not there.
    public var restore: @Sendable (_ id: Int) async throws -> Bookmark
    /// Drops one trashed bookmark for good; `notFound` when it is not there.
    public var purge: @Sendable (_ id: Int) async throws -> Void
    /// Drops every trashed bookmark deleted before the date (all of them for nil); returns their ids.
    public var purgeDeleted: @Sendable (_ before: Date?) async throws -> [Int]

    /// The capability from its implementation.
    public init(list: @escaping @Sendable () async throws -> [TrashedBookmark],
                restore: @escaping @Sendable (_ id: Int) async throws -> Bookmark,
                purge: @escaping @Sendable (_ id: Int) async throws -> Void,
                purgeDeleted: @escaping @Sendable (_ before: Date?) async throws -> [Int]) {
        self.list = list
        self.restore = restore
        self.purge = purge
        self.purgeDeleted = purgeDeleted
    }
}
