/// The private podcast feed's address for `marks podcast feed` (the feed itself is the `podfeed` part: its secret
/// in `marks.sqlite`, `/feed/<secret>/podcast.xml`). Until that part is merged here there is no feed to point at.
enum PodcastFeedLink {
    /// The feed's URL below `base` (the web app's address).
    static func url(root: CompositionRoot, base: String) throws -> String {
        throw CLIFailure("The private podcast feed is not part of this build yet.")
    }
}
