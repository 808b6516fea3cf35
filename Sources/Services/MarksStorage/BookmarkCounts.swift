/// How many bookmarks the embedded store holds in each list: the unarchived and archived ones (and how many of
/// each are unread) and the trash. The store keeps these in `store_counts`, so a list page does not count rows.
public struct BookmarkCounts: Sendable, Equatable {
    /// Unarchived bookmarks (the Bookmarks list, `show=all`).
    public var unarchived: Int
    /// Unarchived unread bookmarks (`show=unread`).
    public var unarchivedUnread: Int
    /// Archived bookmarks (`show=archived`).
    public var archived: Int
    /// Archived unread bookmarks.
    public var archivedUnread: Int
    /// Bookmarks in the trash.
    public var trash: Int

    public init(unarchived: Int, unarchivedUnread: Int, archived: Int, archivedUnread: Int, trash: Int) {
        self.unarchived = unarchived
        self.unarchivedUnread = unarchivedUnread
        self.archived = archived
        self.archivedUnread = archivedUnread
        self.trash = trash
    }

    /// The size of a list with no filter but its archive state and, optionally, its unread flag.
    public func count(archived: Bool, unread: Bool?) -> Int {
        let all = archived ? self.archived : unarchived
        let unreadOnes = archived ? archivedUnread : unarchivedUnread
        switch unread {
        case nil: return all
        case true?: return unreadOnes
        case false?: return all - unreadOnes
        }
    }
}
