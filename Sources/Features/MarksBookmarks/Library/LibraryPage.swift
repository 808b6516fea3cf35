import MarksCore

/// One loaded page of the library: the bookmarks (with local AI metadata restored), the total, the next link.
public struct LibraryPage: Sendable, Equatable {
    public var bookmarks: [Bookmark]
    public var count: Int
    public var next: String?

    /// A page value.
    public init(bookmarks: [Bookmark], count: Int, next: String?) {
        self.bookmarks = bookmarks
        self.count = count
        self.next = next
    }
}
