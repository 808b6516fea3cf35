import MarksCore

/// What a list view asks the library for: a search, the unread filter, a tag, archived or not.
public struct LibraryFilter: Sendable, Equatable {
    public var search: String
    public var unreadOnly: Bool
    public var tag: String?
    public var archived: Bool
    public var sort: BookmarkSort
    public var limit: Int
    /// A bundle (saved search) the source applies, by id.
    public var bundle: Int?
    /// Only bookmarks marked shared (linkding's shared list, `shared=yes`).
    public var sharedOnly: Bool
    /// Only read bookmarks (linkding's `unread=no`), only unshared ones (`shared=no`): the feeds' filters.
    public var readOnly = false
    public var unsharedOnly = false
    /// Bookmarks skipped before the page (a client paging by number, as the wallabag endpoints' `page`).
    public var offset = 0

    /// A filter; the default is the full, unfiltered list.
    public init(search: String = "", unreadOnly: Bool = false, tag: String? = nil, archived: Bool = false,
                sort: BookmarkSort = .addedDesc, limit: Int = BookmarkListQuery.defaultLimit, bundle: Int? = nil,
                sharedOnly: Bool = false) {
        self.search = search
        self.unreadOnly = unreadOnly
        self.tag = tag
        self.archived = archived
        self.sort = sort
        self.limit = limit
        self.bundle = bundle
        self.sharedOnly = sharedOnly
    }

    /// True for the unfiltered list — the only one whose results may replace the full cache
    /// (the seeds' `saveToCache` skips saving while the unread filter is active).
    public var isUnfiltered: Bool {
        offset == 0 && search.isEmpty && !unreadOnly && !readOnly && tag == nil && !archived && bundle == nil && !sharedOnly && !unsharedOnly
    }

    /// The linkding query: the search text plus `#tag` for a tag scope.
    public var listQuery: BookmarkListQuery {
        var q = search.trimmingCharacters(in: .whitespaces)
        if let tag, !tag.isEmpty {
            let quoted = tag.contains(where: { $0.isWhitespace || $0 == "\"" }) ? tag : "#" + tag
            q = q.isEmpty ? quoted : "\(q) \(quoted)"
        }
        return BookmarkListQuery(search: q, limit: limit, offset: max(0, offset), archived: archived, unread: unreadOnly ? true : readOnly ? false : nil,
                                 shared: sharedOnly ? true : unsharedOnly ? false : nil, sort: sort,
                                 bundle: bundle)
    }
}
