import MarksCore

/// The queue as `marks podcast queue` shows it.
public struct PodcastQueueListing: Sendable, Equatable {
    /// Waiting requests, oldest first.
    public var pending: [PodcastRequest]
    /// Requests whose job runs right now.
    public var processing: [PodcastRequest]
    /// Requests given up on after the last attempt.
    public var failed: [PodcastRequest]
    /// Every file in `quarantine/` (paths).
    public var quarantined: [String]
    /// Files quarantined while listing (paths), so they can be reported (none since requests are jobs: the migration reports its own).
    public var newlyQuarantined: [String]

    /// A listing.
    public init(pending: [PodcastRequest], processing: [PodcastRequest], failed: [PodcastRequest], quarantined: [String],
                newlyQuarantined: [String]) {
        self.pending = pending
        self.processing = processing
        self.failed = failed
        self.quarantined = quarantined
        self.newlyQuarantined = newlyQuarantined
    }
}
