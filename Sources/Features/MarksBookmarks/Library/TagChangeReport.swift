/// What a tag rename or delete changed: the bookmarks whose linkding tags were rewritten (each one PATCH), and the
/// bookmarks whose AI tags were rewritten locally.
public struct TagChangeReport: Sendable, Equatable {
    public var bookmarksChanged: Int
    public var aiTagsChanged: Int

    /// A report.
    public init(bookmarksChanged: Int, aiTagsChanged: Int) {
        self.bookmarksChanged = bookmarksChanged
        self.aiTagsChanged = aiTagsChanged
    }
}
