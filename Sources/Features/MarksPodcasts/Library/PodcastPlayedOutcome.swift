/// What marking an episode played did: the entry, and what happened to its bookmark (read, archived), or why
/// the bookmark was left alone — the episode stays played either way.
public struct PodcastPlayedOutcome: Sendable, Equatable {
    public var entry: PodcastEntry
    /// The bookmark was marked read (it was unread before).
    public var markedRead: Bool
    /// The bookmark was archived.
    public var archived: Bool
    /// Why the bookmark could not be changed (the server unreachable, the bookmark gone), in words.
    public var bookmarkProblem: String?

    /// An outcome.
    public init(entry: PodcastEntry, markedRead: Bool = false, archived: Bool = false, bookmarkProblem: String? = nil) {
        self.entry = entry
        self.markedRead = markedRead
        self.archived = archived
        self.bookmarkProblem = bookmarkProblem
    }
}
