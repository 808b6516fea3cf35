import MarksCore

/// What a person asked to save: a URL and what they typed. Empty fields are left for the server to fill.
public struct AddBookmarkRequest: Sendable, Equatable {
    public var url: String
    public var title: String
    public var notes: String
    public var description: String
    public var tags: [String]
    public var unread: Bool
    public var shared: Bool

    /// A request to save a URL.
    public init(url: String, title: String = "", notes: String = "", description: String = "", tags: [String] = [],
                unread: Bool = false, shared: Bool = false) {
        self.url = url
        self.title = title
        self.notes = notes
        self.description = description
        self.tags = tags
        self.unread = unread
        self.shared = shared
    }
}

/// The outcome of an add: the saved bookmark, and whether it already existed (then it was updated, never overwritten).
public struct AddBookmarkResult: Sendable, Equatable {
    public var bookmark: Bookmark
    public var existed: Bool

    /// An add result.
    public init(bookmark: Bookmark, existed: Bool) {
        self.bookmark = bookmark
        self.existed = existed
    }
}
