import Foundation

/// A followed feed: its address and the rules for its new items (the tags they get, how old an item may be, words one
/// of which it must contain), and what the last checks found (the validators for a conditional GET, when it was
/// checked, why it failed, when it is due again, how many bookmarks it added).
public struct FeedSubscription: Sendable, Equatable, Identifiable {
    public var id: Int
    public var url: String
    /// The feed's own title (from the last successful check), else what OPML named it, else empty.
    public var title: String
    public var rules: FeedRules
    public var etag: String?
    public var lastModified: String?
    public var lastChecked: Date?
    /// Why the last check failed, in words; nil after a successful one.
    public var lastError: String?
    /// Failed checks in a row (the back-off doubles with each).
    public var failures: Int
    public var nextCheck: Date
    /// Bookmarks this feed has added so far.
    public var itemsAdded: Int
    public var created: Date

    /// A subscription value.
    public init(id: Int, url: String, title: String = "", rules: FeedRules = FeedRules(), etag: String? = nil, lastModified: String? = nil,
                lastChecked: Date? = nil, lastError: String? = nil, failures: Int = 0, nextCheck: Date, itemsAdded: Int = 0, created: Date) {
        self.id = id
        self.url = url
        self.title = title
        self.rules = rules
        self.etag = etag
        self.lastModified = lastModified
        self.lastChecked = lastChecked
        self.lastError = lastError
        self.failures = failures
        self.nextCheck = nextCheck
        self.itemsAdded = itemsAdded
        self.created = created
    }

    /// The title to show: the feed's, else its address.
    public var displayTitle: String { title.isEmpty ? url : title }
}
