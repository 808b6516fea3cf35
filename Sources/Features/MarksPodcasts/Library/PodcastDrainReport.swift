import MarksCore

/// What one foreground drain (`marks podcast drain`) did: requests handed out and finished, put back for a later try,
/// given up on, and those not due yet. `quarantined` stays empty: only the old file queue's migration sets files aside.
public struct PodcastDrainReport: Sendable, Equatable {
    public var delivered: [PodcastRequest] = []
    public var retrying: [PodcastRequest] = []
    public var failed: [PodcastRequest] = []
    /// Paths of the files quarantined by this drain.
    public var quarantined: [String] = []
    /// Requests still waiting for their backoff to pass.
    public var notDue: Int = 0

    /// An empty report.
    public init() {}
}
