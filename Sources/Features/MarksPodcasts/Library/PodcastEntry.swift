import Foundation

/// One episode in the person's podcast library (a row of `podcast_library`): what it narrates, where its
/// generation is, its audio once ready, and how far it was listened to.
public struct PodcastEntry: Sendable, Equatable {
    /// Where the episode's generation is.
    public enum State: String, Sendable, Equatable, CaseIterable {
        /// Asked for; the backend job is not running yet.
        case queued
        /// The backend is making it (`progress` 0…1).
        case generating
        /// The audio is in the library.
        case ready
        /// The generation failed (`error` says why).
        case failed
    }

    /// A chapter of the episode (a heading of the article), for the player.
    public struct Chapter: Sendable, Equatable, Codable {
        public var title: String
        /// Where it starts, in seconds.
        public var start: Double

        /// A chapter.
        public init(title: String, start: Double) {
            self.title = title
            self.start = start
        }
    }

    /// The stable key: `PodcastEntry.key(for: url)` (32 hex digits).
    public var key: String
    /// The article's URL, or `marks-source://<uuid>`.
    public var url: String
    public var bookmarkID: Int?
    /// The source's uuid, for a source episode.
    public var sourceID: String?
    public var title: String
    /// The site it is from ("marks" for a source).
    public var site: String
    /// The audio's file name in the podcasts directory (`<key>.mp3`).
    public var fileName: String
    public var byteCount: Int?
    public var durationSeconds: Double?
    public var chapters: [Chapter]
    /// The voice that spoke it.
    public var voice: String?
    public var state: State
    /// 0…1 while generating.
    public var progress: Double
    /// Why it failed, for a person.
    public var error: String?
    /// The backend's job id.
    public var jobID: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var readyAt: Date?
    public var played: Bool
    public var playedAt: Date?
    /// Where playback stopped, in seconds.
    public var positionSeconds: Double
    public var positionUpdatedAt: Date?
    /// The place in the play queue (0 first), nil when not queued.
    public var queueOrder: Int?

    /// An entry (usually read from the index; `PodcastEpisodes.begin` makes new ones).
    public init(key: String, url: String, bookmarkID: Int? = nil, sourceID: String? = nil, title: String, site: String,
                fileName: String? = nil, byteCount: Int? = nil, durationSeconds: Double? = nil, chapters: [Chapter] = [],
                voice: String? = nil, state: State, progress: Double = 0, error: String? = nil, jobID: String? = nil,
                createdAt: Date, updatedAt: Date? = nil, readyAt: Date? = nil, played: Bool = false, playedAt: Date? = nil,
                positionSeconds: Double = 0, positionUpdatedAt: Date? = nil, queueOrder: Int? = nil) {
        self.key = key
        self.url = url
        self.bookmarkID = bookmarkID
        self.sourceID = sourceID
        self.title = title
        self.site = site
        self.fileName = fileName ?? "\(key).mp3"
        self.byteCount = byteCount
        self.durationSeconds = durationSeconds
        self.chapters = chapters
        self.voice = voice
        self.state = state
        self.progress = progress
        self.error = error
        self.jobID = jobID
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.readyAt = readyAt
        self.played = played
        self.playedAt = playedAt
        self.positionSeconds = positionSeconds
        self.positionUpdatedAt = positionUpdatedAt
        self.queueOrder = queueOrder
    }

    /// What a list row shows for this episode.
    public var rowState: PodcastRowState {
        switch state {
        case .queued: .queued
        case .generating: .generating(progress: progress)
        case .ready: played ? .played : .ready
        case .failed: .failed(error ?? "")
        }
    }

    /// True for a source episode (`marks-source://`).
    public var isSource: Bool { url.lowercased().hasPrefix(PodcastEntry.sourceScheme + "://") }
}
