/// Which episodes a library list shows.
public enum PodcastLibraryFilter: String, Sendable, Equatable, CaseIterable {
    /// Every episode.
    case all
    /// Not played yet (including those still being made or failed).
    case unplayed
    /// Played.
    case played
    /// Ready to play.
    case ready
    /// Queued or being made.
    case inProgress = "in_progress"
}
