/// How far a sync (or a walk over every bookmark, as export does) has got, for a progress line.
public struct SyncProgress: Sendable, Equatable, CustomStringConvertible {
    /// What is being fetched.
    public enum Phase: String, Sendable, Equatable {
        case bookmarks, archived, tags, reconciling, saving
    }

    public var phase: Phase
    /// Items fetched so far in this phase.
    public var done: Int
    /// Items expected in this phase, when the server said.
    public var total: Int?

    /// A progress value.
    public init(phase: Phase, done: Int, total: Int?) {
        self.phase = phase
        self.done = done
        self.total = total
    }

    /// e.g. `bookmarks 300/10000`.
    public var description: String {
        total.map { "\(phase.rawValue) \(done)/\($0)" } ?? "\(phase.rawValue) \(done)"
    }
}
