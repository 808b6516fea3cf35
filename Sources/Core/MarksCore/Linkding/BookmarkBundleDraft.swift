import Foundation

/// The writable fields of a bundle; nil means "not sent".
public struct BookmarkBundleDraft: Sendable, Equatable {
    public var name: String?
    public var search: String?
    public var anyTags: String?
    public var allTags: String?
    public var excludedTags: String?
    /// `off`, `yes` or `no`; anything else is refused with linkding's message.
    public var filterUnread: String?
    /// `off`, `yes` or `no`.
    public var filterShared: String?
    /// The position; a new bundle without one goes last.
    public var order: Int?

    /// A draft with the given fields.
    public init(name: String? = nil, search: String? = nil, anyTags: String? = nil, allTags: String? = nil,
                excludedTags: String? = nil, filterUnread: String? = nil, filterShared: String? = nil, order: Int? = nil) {
        self.name = name
        self.search = search
        self.anyTags = anyTags
        self.allTags = allTags
        self.excludedTags = excludedTags
        self.filterUnread = filterUnread
        self.filterShared = filterShared
        self.order = order
    }
}
