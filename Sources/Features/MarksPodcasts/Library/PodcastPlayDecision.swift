/// What `playOrGenerate` did: the episode is ready to play (it was, or it was made now in the foreground), or it is
/// being made in the background because something else is playing (the seeds' rule: never interrupt playback).
public enum PodcastPlayDecision: Sendable, Equatable {
    /// Play this episode now (the caller shows the player); `generated` says it was made for this call.
    case play(PodcastEntry, generated: Bool)
    /// Queued for background generation; the library shows its progress.
    case queued(PodcastEntry)

    /// The episode either way.
    public var entry: PodcastEntry {
        switch self {
        case .play(let entry, _), .queued(let entry): entry
        }
    }
}
