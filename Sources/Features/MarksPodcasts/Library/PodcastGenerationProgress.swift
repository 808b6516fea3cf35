import Synchronization

/// One look at an episode being made in the foreground: the entry as the index has it, and the backend's stage
/// (`fetch`, `script`, `synthesis`, `encoding`, `download`), when known.
public struct PodcastGenerationProgress: Sendable, Equatable {
    public var entry: PodcastEntry
    public var stage: String?

    /// A progress report.
    public init(entry: PodcastEntry, stage: String?) {
        self.entry = entry
        self.stage = stage
    }
}

/// The last stage seen per episode key, in memory.
final class StageMemo: Sendable {
    private let stages = Mutex<[String: String]>([:])

    func set(_ stage: String?, for key: String) {
        stages.withLock { $0[key] = stage }
    }

    func value(for key: String) -> String? {
        stages.withLock { $0[key] }
    }
}
