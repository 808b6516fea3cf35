/// A source's own count of its tags' bookmarks (the embedded store keeps one): each tag some unarchived bookmark
/// carries and how many do, so the Tags tab need not count every bookmark's tags. A source without one (a linkding
/// server) is counted from the library's cache. Errors are `BookmarkSourceError`.
public struct BookmarkTagCounts: Sendable {
    /// Tag name → how many unarchived bookmarks carry it (tags no unarchived bookmark carries are left out).
    public var live: @Sendable () async throws -> [String: Int]

    /// The capability from its implementation.
    public init(live: @escaping @Sendable () async throws -> [String: Int]) {
        self.live = live
    }
}
