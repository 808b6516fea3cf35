/// One change made to many bookmarks at once (the web app's select mode): all of it or none of it on a source with
/// `BookmarkBulkEdit`.
public enum BookmarkBulkChange: Sendable, Equatable {
    /// Mark each one read.
    case markRead
    /// Archive each one; with `markingRead`, mark it read too.
    case archive(markingRead: Bool)
    /// Add the tag (a cleaned name) to each one that lacks it (ASCII case-insensitively).
    case addTag(String)
    /// Remove the tag (ASCII case-insensitively) from each one that has it.
    case removeTag(String)
    /// Delete each one (into the source's trash).
    case delete
}
