import Foundation

/// One item of a followed feed (an RSS `item`, an Atom `entry`), as read: where it points, what it is called, its
/// identity in the feed (`key`: the guid or id, else the link), when it was published or last updated, its categories
/// and a short summary.
public struct FeedEntry: Sendable, Equatable {
    /// The item's identity within its feed: its guid/id, else its link. Seen keys are never added again.
    public var key: String
    /// The absolute http(s) address the item points to.
    public var link: String
    public var title: String
    /// The item's summary or description as plain text (tags dropped), at most 500 characters.
    public var summary: String
    public var published: Date?
    public var categories: [String]

    /// An entry value.
    public init(key: String, link: String, title: String = "", summary: String = "", published: Date? = nil, categories: [String] = []) {
        self.key = key
        self.link = link
        self.title = title
        self.summary = summary
        self.published = published
        self.categories = categories
    }
}
