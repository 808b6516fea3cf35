import Foundation

/// What one check of a followed feed did: the bookmarks it added (their URLs), how many new items it left out and why
/// not, whether the feed had not changed (304, or nothing new), and why it failed (then nothing was added).
public struct FeedCheck: Sendable, Equatable {
    public var subscriptionID: Int
    public var url: String
    public var added: [String]
    /// New items left out: by a rule, already bookmarked, or beyond the check's limit.
    public var skipped: Int
    /// The feed answered 304 Not Modified.
    public var notModified: Bool
    /// Why the check failed, in words; nil when it did not.
    public var error: String?

    /// A check value.
    public init(subscriptionID: Int, url: String, added: [String] = [], skipped: Int = 0, notModified: Bool = false, error: String? = nil) {
        self.subscriptionID = subscriptionID
        self.url = url
        self.added = added
        self.skipped = skipped
        self.notModified = notModified
        self.error = error
    }

    /// One line for a person: what the check found.
    public var summary: String {
        if let error { return "failed: \(error)" }
        if notModified { return "not modified" }
        return "\(added.count) added" + (skipped > 0 ? ", \(skipped) left out" : "")
    }
}
