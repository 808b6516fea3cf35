import MarksCore

/// What a save did: the bookmark as saved, whether it existed, and the podcast request it queued.
public struct ShareOutcome: Sendable, Equatable {
    public var bookmark: Bookmark
    /// True when an existing bookmark was updated (never duplicated).
    public var updated: Bool
    /// The podcast request for this URL (new, or the one already waiting), nil when none was asked for.
    public var podcast: PodcastRequest?
    /// False when `podcast` was already queued before this save.
    public var podcastNewlyQueued: Bool
    /// Why a wanted podcast could not be queued (the bookmark itself was saved).
    public var podcastError: String?

    /// An outcome.
    public init(bookmark: Bookmark, updated: Bool, podcast: PodcastRequest? = nil, podcastNewlyQueued: Bool = false,
                podcastError: String? = nil) {
        self.bookmark = bookmark
        self.updated = updated
        self.podcast = podcast
        self.podcastNewlyQueued = podcastNewlyQueued
        self.podcastError = podcastError
    }

    /// The outcome as JSON: the bookmark in linkding's shape plus what happened.
    public var jsonValue: JSONValue {
        .object([
            ("action", .string(updated ? "updated" : "created")),
            ("bookmark", bookmark.jsonValue),
            ("podcast", podcast?.jsonValue ?? .null),
            ("podcast_newly_queued", .bool(podcastNewlyQueued)),
            ("podcast_error", .optional(podcastError)),
        ])
    }
}
