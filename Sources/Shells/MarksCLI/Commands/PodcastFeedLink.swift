/// The private podcast feed's address for `marks podcast feed` (the feed itself is the `podfeed` part: its secret
/// in `marks.sqlite`, `/feed/<secret>/podcast.xml`). The function `podfeed` fills once both parts are merged:
///
///     let secret = try PodcastFeedSecrets(database: try root.data().database, now: root.context.now).secret()
///     return PodcastFeedAddress.feedURL(base: PodcastFeedAddress.base(publicURL: root.config.publicURL, request: nil,
///                                                                      fallback: base), secret: secret)
enum PodcastFeedLink {
    /// The feed's URL below `base` (the web app's address).
    static func url(root: CompositionRoot, base: String) throws -> String {
        throw CLIFailure("The private podcast feed is not part of this build yet.")
    }
}
