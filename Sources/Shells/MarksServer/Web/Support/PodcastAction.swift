import MarksLibrary

/// The Podcast action of a bookmark or a source (the seeds' `playOrGeneratePodcast`), over the generation manager:
/// an episode that is ready plays; otherwise an idle player means generate now (the caller shows the episode's page,
/// which plays it when ready) and a busy one means generate in the background (it joins the play queue), so nothing
/// that plays is interrupted. The composition root builds it on `PodcastGenerationManager`.
public struct PodcastAction: Sendable {
    /// What becomes an episode: an article (a bookmark's URL) or a source (`marks-source://<uuid>`, its text and kind).
    public struct Item: Sendable, Equatable {
        public var url: String
        public var bookmarkID: Int?
        public var sourceID: String?
        public var title: String
        public var site: String
        public var text: String?
        public var sourceKind: String?

        /// An item.
        public init(url: String, bookmarkID: Int? = nil, sourceID: String? = nil, title: String, site: String,
                    text: String? = nil, sourceKind: String? = nil) {
            self.url = url
            self.bookmarkID = bookmarkID
            self.sourceID = sourceID
            self.title = title
            self.site = site
            self.text = text
            self.sourceKind = sourceKind
        }
    }

    /// What the action did.
    public enum Outcome: Sendable, Equatable {
        /// The episode is ready: play it.
        case play(PodcastEntry)
        /// The player was idle: the episode is being made now; show its page (it plays when ready).
        case foreground(PodcastEntry)
        /// The player was busy: the episode is made in the background and queued.
        case background(PodcastEntry)
    }

    /// Runs the action for `item`; `playerBusy` says whether something is playing.
    public var run: @Sendable (_ item: Item, _ playerBusy: Bool) async throws -> Outcome

    /// An action.
    public init(run: @escaping @Sendable (_ item: Item, _ playerBusy: Bool) async throws -> Outcome) {
        self.run = run
    }
}
