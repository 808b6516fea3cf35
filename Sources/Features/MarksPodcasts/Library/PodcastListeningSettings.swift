/// What finishing an episode does to its bookmark (issue 13's "listening closes the loop"): marks it read (on by
/// default) and, optionally, archives it. Kept in `podcast_library_settings`.
public struct PodcastListeningSettings: Sendable, Equatable {
    /// Marking an episode played marks its bookmark read.
    public var markReadWhenPlayed: Bool
    /// Marking an episode played archives its bookmark too.
    public var archiveWhenPlayed: Bool

    /// Settings; the defaults mark read and do not archive.
    public init(markReadWhenPlayed: Bool = true, archiveWhenPlayed: Bool = false) {
        self.markReadWhenPlayed = markReadWhenPlayed
        self.archiveWhenPlayed = archiveWhenPlayed
    }
}
