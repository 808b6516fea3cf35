/// A podcast's state as a bookmark or source row shows it (no entry means none).
public enum PodcastRowState: Sendable, Equatable {
    case queued
    case generating(progress: Double)
    case ready
    case played
    case failed(String)

    /// The word for the state (`queued`, `generating`, `ready`, `played`, `failed`), for JSON and CSS classes.
    public var name: String {
        switch self {
        case .queued: "queued"
        case .generating: "generating"
        case .ready: "ready"
        case .played: "played"
        case .failed: "failed"
        }
    }
}
