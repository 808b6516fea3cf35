import MarksCore

/// What one drain did: requests handed out and finished, put back for a later try, given up on,
/// and unreadable files moved to `quarantine/`.
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
